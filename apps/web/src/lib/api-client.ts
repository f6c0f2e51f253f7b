/** The one error shape every failed call turns into; `detail` is the server's message, shown as is. */
export class ApiError extends Error {
  readonly status: number;
  readonly detail: string;
  /** False when `detail` is only the status text because the answer carried no `{detail}` of its own. */
  readonly fromServer: boolean;
  /** The server's machine-readable reason, for the few refusals a client reacts to (e.g. `condition-holds`). */
  readonly code: string | undefined;

  constructor(status: number, detail: string, fromServer = true, code?: string) {
    super(detail);
    this.name = 'ApiError';
    this.status = status;
    this.detail = detail;
    this.fromServer = fromServer;
    this.code = code;
  }
}

/** Status used when the server could not be reached at all. */
export const NETWORK_ERROR_STATUS = 0;

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** The server refused the call for this user (403): a retry would be refused too. */
export function isForbidden(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403;
}

/**
 * Sent with every call that changes something: the server refuses a state-changing request that has neither a JSON
 * body nor this header (body-less and multipart calls), since another site's page cannot send it without a CORS
 * preflight the server never grants.
 */
export const CSRF_HEADER = { 'x-sdp-csrf': '1' } as const;

type QueryValue = string | number | boolean | null | undefined;

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
};

function withQuery(path: string, query: Record<string, QueryValue> | undefined): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(name, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

async function toApiError(response: Response): Promise<ApiError> {
  try {
    const body: unknown = await response.json();
    if (body && typeof body === 'object' && 'detail' in body && typeof body.detail === 'string') {
      const code = 'code' in body && typeof body.code === 'string' ? body.code : undefined;
      return new ApiError(response.status, body.detail, true, code);
    }
  } catch {
    // Not JSON (a proxy's HTML error page, an empty body): fall back to the status text.
  }
  return new ApiError(response.status, response.statusText || `HTTP ${response.status}`, false);
}

async function request<T>(
  path: string,
  { method = 'GET', body, query, signal }: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    ...(method === 'GET' ? {} : CSRF_HEADER),
  };
  // A FormData body sets its own multipart content type, boundary included.
  const isForm = body instanceof FormData;
  if (body !== undefined && !isForm) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(withQuery(path, query), {
      method,
      headers,
      // The session is an HttpOnly cookie; the browser never holds a token.
      credentials: 'same-origin',
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(NETWORK_ERROR_STATUS, error instanceof Error ? error.message : String(error));
  }

  if (!response.ok) throw await toApiError(response);
  if (response.status === 204 || response.headers.get('content-length') === '0') return undefined as T;
  return (await response.json()) as T;
}

/**
 * Same-origin JSON client for the SDP server; every failure becomes an {@link ApiError}. A `FormData` body is
 * sent as multipart/form-data (uploads).
 */
export const apiClient = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => request<T>(path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method'>) =>
    request<T>(path, { ...options, method: 'DELETE' }),
};
