import {
  errorResponse,
  invitedMember,
  inviteMemberRequest,
  member,
  memberEmailRequest,
  memberPage,
  memberPageQuery,
  memberProfileEditRequest,
  messageResponse,
  ownProfileRequest,
  switchRoleQuery,
  switchRoleRequest,
  uuid,
} from '@sdp/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, requireAuth } from '../../auth/access.ts';
import type { SessionUser } from '../../auth/sessions.repository.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import type { MembersService } from './members.service.ts';

const companyParams = z.object({ id: uuid });
const fromParams = (request: FastifyRequest) => (request.params as { id: string }).id;
/** /member/* calls name their company in the body or query; without it, the session's selected company. */
const fromBodyQueryOrSession = (request: FastifyRequest, session: SessionUser) =>
  (request.body as { company_id?: string } | undefined)?.company_id ??
  (request.query as { company_id?: string } | undefined)?.company_id ??
  session.selectedCompanyId;
const companyOf = (request: FastifyRequest) => requireAuth(request).companyId as string;

export const membersRoutes: FastifyPluginAsyncZod<{ service: MembersService }> = async (app, { service }) => {
  app.get(
    '/companies/:id/members',
    {
      config: { access: access.company('InviteMemberToCompany', fromParams) },
      schema: {
        tags: ['members'],
        summary: 'Members of a company, a page at a time (page sizes 5, 10, 20, 30, 40)',
        params: companyParams,
        querystring: memberPageQuery,
        response: { 200: memberPage, ...errorResponses },
      },
    },
    (request) =>
      service.page(request.params.id, request.query.page, request.query.perPage, request.query.search),
  );

  app.get(
    '/companies/:id/members-only',
    {
      config: { access: access.company('AssignMemberToEquipmentTag', fromParams) },
      schema: {
        tags: ['members'],
        summary: 'The active members of a company, for pickers (assignment, report recipients)',
        params: companyParams,
        response: { 200: z.object({ items: z.array(member) }), ...errorResponses },
      },
    },
    (request) => service.listActive(request.params.id),
  );

  app.post(
    '/companies/:id/members/invite',
    {
      config: { access: access.company('InviteMemberToCompany', fromParams) },
      schema: {
        tags: ['members'],
        summary:
          'Invite a member by e-mail (at most 10 active members per company); the answer is the same for every e-mail',
        params: companyParams,
        body: inviteMemberRequest,
        response: { 201: invitedMember, ...errorResponses, 429: errorResponse },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await service.invite(
            requireAuth(request),
            request.params.id,
            request.body.email,
            request.body.role,
          ),
        ),
  );

  app.post(
    '/member/reinvite',
    {
      config: { access: access.company('InviteMemberToCompany', fromBodyQueryOrSession) },
      schema: {
        tags: ['members'],
        summary: 'Send a pending invitation again',
        body: memberEmailRequest,
        response: { 200: messageResponse, ...errorResponses, 429: errorResponse },
      },
    },
    (request) => service.reinvite(requireAuth(request), companyOf(request), request.body.email),
  );

  app.post(
    '/member/active',
    {
      config: { access: access.company('InviteMemberToCompany', fromBodyQueryOrSession) },
      schema: {
        tags: ['members'],
        summary: 'Activate an inactive member (within the limit)',
        body: memberEmailRequest,
        response: { 200: member, ...errorResponses, 429: errorResponse },
      },
    },
    (request) => service.activate(requireAuth(request), companyOf(request), request.body.email),
  );

  app.delete(
    '/member/inactive',
    {
      config: { access: access.company('RemoveMemberFromCompany', fromBodyQueryOrSession) },
      schema: {
        tags: ['members'],
        summary: 'Delete (deactivate) an active or pending member; restorable with /member/active',
        body: memberEmailRequest,
        response: { 200: member, ...errorResponses },
      },
    },
    (request) => service.deactivate(requireAuth(request), companyOf(request), request.body.email),
  );

  app.put(
    '/member/profile-edit',
    {
      config: { access: access.company('InviteMemberToCompany', fromBodyQueryOrSession) },
      schema: {
        tags: ['members'],
        summary:
          "Edit a member: role (active members only), status, and an owner's correction of their name and picture",
        body: memberProfileEditRequest,
        response: { 200: member, ...errorResponses },
      },
    },
    (request) => service.edit(requireAuth(request), companyOf(request), request.body),
  );

  for (const url of ['/member/switch-role', '/memberswitch-role']) {
    app.put(
      url,
      {
        config: { access: access.company('InviteMemberToCompany', fromBodyQueryOrSession) },
        schema: {
          tags: ['members'],
          summary:
            url === '/member/switch-role'
              ? "Change an active member's role"
              : 'Alias of /member/switch-role (documented spelling)',
          querystring: switchRoleQuery,
          body: switchRoleRequest,
          response: { 200: member, ...errorResponses },
        },
      },
      (request) =>
        service.switchRole(
          requireAuth(request),
          companyOf(request),
          request.query.user_id,
          request.body.role,
        ),
    );
  }

  app.put(
    '/member/profile',
    {
      config: { access: access.signedIn() },
      schema: {
        tags: ['profile'],
        summary: 'Edit your own name and image',
        body: ownProfileRequest,
        response: { 200: messageResponse, ...errorResponses },
      },
    },
    async (request) => {
      await service.updateOwnProfile(requireAuth(request), request.body.name, request.body.profileImageUrl);
      return { message: 'Update profile successfully' };
    },
  );
};
