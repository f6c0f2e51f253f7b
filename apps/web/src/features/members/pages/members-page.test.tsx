import type { Member } from '@sdp/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { renderPage, testMe } from '../../../testing/render-page.tsx';
import { type Call, stubServer } from '../../../testing/stub-server.ts';
import { MembersPage } from './members-page.tsx';

const TOTAL = 25;

const member = (index: number, status: Member['status'] = 'active'): Member => ({
  id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
  name: `Member ${index}`,
  email: `member${index}@example.com`,
  role: index === 1 ? 'owner' : 'supmem',
  status,
  profileImageUrl: null,
  isNotify: false,
  updatedDate: '2026-01-01T00:00:00.000Z',
});

/** 25 members; the server answers the page and page size it is asked for. */
function membersServer() {
  return stubServer({
    'GET /api/v1/companies/c1/members': ({ search }: Call) => {
      const page = Number(search.get('page'));
      const perPage = Number(search.get('perPage'));
      const first = (page - 1) * perPage + 1;
      const items = Array.from({ length: Math.max(0, Math.min(perPage, TOTAL - first + 1)) }, (_, index) =>
        member(first + index),
      );
      return { status: 200, body: { items, total: TOTAL, page, perPage } };
    },
  });
}

const memberRequests = (calls: Call[]) =>
  calls.filter((call) => call.path === '/api/v1/companies/c1/members').map((call) => call.search.toString());

/** An owner of c1 who is none of the listed members; as an owner, they give OWNER, MEMBER and SUPERMEMBER. */
const ME = testMe({
  id: '00000000-0000-4000-8000-0000000000ff',
  grantableRoles: ['owner', 'supmem', 'member'],
});

function renderMembers(at = '/company/c1/members', me = ME) {
  return renderPage(<MembersPage />, { path: '/company/:id/members', at, me });
}

beforeAll(() => {
  initI18n();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('MembersPage paging', () => {
  it('starts on page 1 of 10 and shows the count and each role by its name (issue 27 item 2)', async () => {
    const calls = membersServer();
    renderMembers();

    expect(await screen.findByText('member1@example.com')).toBeTruthy();
    expect(screen.getByText('25 users')).toBeTruthy();
    expect(screen.getByText('1–10 of 25')).toBeTruthy();
    expect(screen.getByText('Owner')).toBeTruthy();
    expect(screen.getAllByText('Super member')).toHaveLength(9);
    expect(screen.queryByText('SUPMEM')).toBeNull();
    expect(memberRequests(calls)).toEqual(['page=1&perPage=10']);
  });

  it('keeps the page in the address when going to the next page', async () => {
    const calls = membersServer();
    const router = renderMembers();
    await screen.findByText('member1@example.com');

    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));

    expect(await screen.findByText('member11@example.com')).toBeTruthy();
    expect(router.state.location.search).toBe('?page=2&perPage=10');
    expect(memberRequests(calls)).toContain('page=2&perPage=10');
  });

  it('starts again at page 1 when the page size changes, and offers 5, 10, 20, 30, 40', async () => {
    membersServer();
    const router = renderMembers('/company/c1/members?title=Demo+Plant&page=3&perPage=10');
    await screen.findByText('member21@example.com');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Rows per page/ }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['5', '10', '20', '30', '40']);
    fireEvent.click(screen.getByRole('option', { name: '20' }));

    await waitFor(() => expect(router.state.location.search).toBe('?title=Demo+Plant&page=1&perPage=20'));
    expect(await screen.findByText('1–20 of 25')).toBeTruthy();
  });

  it('opens on the page and size the address holds, as after a reload', async () => {
    const calls = membersServer();
    renderMembers('/company/c1/members?page=2&perPage=5');

    expect(await screen.findByText('member6@example.com')).toBeTruthy();
    expect(screen.getByText('6–10 of 25')).toBeTruthy();
    expect(memberRequests(calls)).toEqual(['page=2&perPage=5']);
  });
});

describe('MembersPage actions', () => {
  it('offers on each row only the actions its status allows', async () => {
    stubServer({
      'GET /api/v1/companies/c1/members': {
        status: 200,
        body: {
          items: [member(1), member(2, 'pending'), member(3, 'inactive')],
          total: 3,
          page: 1,
          perPage: 10,
        },
      },
    });
    renderMembers();
    await screen.findByText('member1@example.com');

    const actionsOf = (email: string) =>
      within(screen.getByRole('row', { name: new RegExp(email) }))
        .queryAllByRole('button')
        .map((button) => button.getAttribute('aria-label')?.replace(` ${email}`, ''));
    expect(actionsOf('member1@example.com')).toEqual(['Switch role', 'Edit', 'Delete']);
    expect(actionsOf('member2@example.com')).toEqual(['Resend invite', 'Delete']);
    expect(actionsOf('member3@example.com')).toEqual(['Activate']);
    expect(within(screen.getByRole('row', { name: /member2@/ })).getByText('Pending')).toBeTruthy();
  });

  it("warns 'Active member Limit' when activating would pass 10 active members", async () => {
    stubServer({
      'GET /api/v1/companies/c1/members': {
        status: 200,
        body: { items: [member(3, 'inactive')], total: 1, page: 1, perPage: 10 },
      },
      'POST /api/v1/member/active': {
        status: 409,
        body: { detail: 'You cannot active member because there are already 10 active members.' },
      },
    });
    renderMembers();

    fireEvent.click(await screen.findByRole('button', { name: 'Activate member3@example.com' }));
    expect(screen.getByText('Are you sure you want to active this member?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));

    const dialog = await screen.findByRole('dialog', { name: 'Active member Limit' });
    expect(
      within(dialog).getByText('You cannot active member because there are already 10 active members.'),
    ).toBeTruthy();
  });

  it("shows 'Invite Limit' for the limit and 'Error' with the server's detail for other failures", async () => {
    stubServer({
      'GET /api/v1/companies/c1/members': {
        status: 200,
        body: { items: [], total: 0, page: 1, perPage: 10 },
      },
      'POST /api/v1/companies/c1/members/invite': ({ body }: Call) =>
        (body as { email: string }).email === 'full@example.com'
          ? { status: 409, body: { detail: 'You cannot invite more than active 10 members' } }
          : { status: 409, body: { detail: 'This e-mail is already a member of this company.' } },
    });
    renderMembers();
    fireEvent.click(await screen.findByRole('button', { name: 'Invite Member' }));

    fireEvent.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findAllByText('* Required')).toHaveLength(2);
    fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('* Invalid Email')).toBeTruthy();

    fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), {
      target: { value: 'full@example.com' },
    });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Role/ }));
    fireEvent.click(screen.getByRole('option', { name: 'Member' }));
    fireEvent.click(screen.getByRole('button', { name: 'Invite' }));
    const limit = await screen.findByRole('dialog', { name: 'Invite Limit' });
    expect(within(limit).getByText('You cannot invite more than active 10 members')).toBeTruthy();
    fireEvent.click(within(limit).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Invite Limit' })).toBeNull());

    fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), {
      target: { value: 'known@example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Invite' }));
    const error = await screen.findByRole('dialog', { name: 'Error' });
    expect(within(error).getByText('This e-mail is already a member of this company.')).toBeTruthy();
  });

  it('offers no role or membership action on your own row (issue 11)', async () => {
    stubServer({
      'GET /api/v1/companies/c1/members': {
        status: 200,
        body: { items: [member(1), member(2)], total: 2, page: 1, perPage: 10 },
      },
    });
    renderMembers('/company/c1/members', { ...ME, id: member(1).id });
    await screen.findByText('member1@example.com');

    const own = within(screen.getByRole('row', { name: /member1@/ }));
    expect(own.queryAllByRole('button')).toHaveLength(0);
    expect(within(screen.getByRole('row', { name: /member2@/ })).queryAllByRole('button')).not.toHaveLength(
      0,
    );
  });

  it('offers only the roles you may give, in Switch role and in Invite Member (issue 11)', async () => {
    stubServer({
      'GET /api/v1/companies/c1/members': {
        status: 200,
        body: { items: [member(2)], total: 1, page: 1, perPage: 10 },
      },
    });
    renderMembers();

    fireEvent.click(await screen.findByRole('button', { name: 'Switch role member2@example.com' }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Role/ }));
    const offered = () => screen.getAllByRole('option').map((option) => option.textContent);
    expect(offered()).toEqual(['Owner', 'Member', 'Super member']);
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Invite Member' }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Role/ }));
    expect(offered()).toEqual(['Owner', 'Member', 'Super member']);
  });

  it("corrects a member's name in Edit user and sends only what changed (issue 27 item 6)", async () => {
    const calls = stubServer({
      'GET /api/v1/companies/c1/members': {
        status: 200,
        body: { items: [member(2)], total: 1, page: 1, perPage: 10 },
      },
      'PUT /api/v1/member/profile-edit': { status: 200, body: { ...member(2), name: 'Somchai Jaidee' } },
    });
    renderMembers();

    fireEvent.click(await screen.findByRole('button', { name: 'Edit member2@example.com' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit user' });
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    fireEvent.change(name, { target: { value: '   ' } });
    expect(within(dialog).getByText('* Required')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
    fireEvent.change(name, { target: { value: 'Somchai Jaidee ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Edit member successfully')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      email: 'member2@example.com',
      company_id: 'c1',
      name: 'Somchai Jaidee',
    });
  });
});
