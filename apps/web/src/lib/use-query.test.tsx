import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useQuery } from './use-query.ts';

afterEach(cleanup);

/** Each render of the reading, as the component saw its query: 'pending', 'error', or 'success <value>'. */
function harness(queryFn: () => Promise<number>, client = new QueryClient()) {
  const seen: string[] = [];
  function Reading() {
    const query = useQuery({ queryKey: ['reading'], queryFn, retry: false });
    const view = query.isError ? 'error' : query.isPending ? 'pending' : `success ${query.data}`;
    seen.push(view);
    return <output>{view}</output>;
  }
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { seen, client, mount: () => render(<Reading />, { wrapper }) };
}

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

describe('useQuery', () => {
  it('renders the first data after one more still-loading render (the data render is a transition)', async () => {
    let resolve: (value: number) => void = () => undefined;
    const { seen, mount } = harness(() => new Promise<number>((done) => (resolve = done)));
    mount();
    expect(screen.getByRole('status').textContent).toBe('pending');
    const before = seen.length;
    await act(async () => resolve(42));
    await settle();
    expect(screen.getByRole('status').textContent).toBe('success 42');
    // The urgent render the data's arrival caused still showed the loading state; the data came after it.
    expect(seen.slice(before)).toEqual(['pending', 'success 42']);
  });

  it('shows cached data on mount, and a refetch’s new data without a loading state between', async () => {
    let value = 1;
    const client = new QueryClient();
    client.setQueryData(['reading'], 1);
    const { seen, mount } = harness(async () => value, client);
    mount();
    expect(seen[0]).toBe('success 1');
    value = 2;
    await act(() => client.refetchQueries({ queryKey: ['reading'] }));
    await settle();
    expect(screen.getByRole('status').textContent).toBe('success 2');
    expect(seen).not.toContain('pending');
  });

  it('shows an error at once', async () => {
    const { mount } = harness(async () => {
      throw new Error('Network error');
    });
    mount();
    await settle();
    expect(screen.getByRole('status').textContent).toBe('error');
  });
});
