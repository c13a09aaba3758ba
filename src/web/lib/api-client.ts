/** One fetch wrapper for every API call: same-origin cookies, JSON, and errors as ApiError. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Message used when the server gives none. */
  fallbackMessage?: string;
  /** Lets the request outlive a page that is going away (pagehide). */
  keepalive?: boolean;
}

/**
 * The server's message from an error body, if it gave one: the app's error handler answers
 * `{ error, code }`; `{ message }` is read too.
 */
export function errorPayload(text: string): { message?: string; code?: string } {
  try {
    const payload = JSON.parse(text) as { error?: unknown; message?: unknown; code?: unknown };
    const message = [payload.error, payload.message].find(
      (value): value is string => typeof value === 'string' && value !== '',
    );
    return {
      ...(message !== undefined ? { message } : {}),
      ...(typeof payload.code === 'string' ? { code: payload.code } : {}),
    };
  } catch {
    // Not JSON: the fallback says it better than a raw body would.
    return {};
  }
}

/** The successful Response itself (for bodies that are not JSON); failures as ApiError. */
export async function apiRequest(path: string, options: RequestOptions = {}): Promise<Response> {
  const { method = 'GET', body, fallbackMessage = 'An error occurred. Please try again' } = options;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      ...(options.keepalive ? { keepalive: true } : {}),
      headers: body === undefined ? undefined : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'Failed to fetch', 'NETWORK');
  }
  if (!response.ok) {
    const payload = errorPayload(await response.text());
    throw new ApiError(response.status, payload.message ?? fallbackMessage, payload.code);
  }
  return response;
}

export async function apiFetch<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const text = await (await apiRequest(path, options)).text();
  if (!text) return null as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null as T;
  }
}
