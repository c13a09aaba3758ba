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
}

export async function apiFetch<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, fallbackMessage = 'An error occurred. Please try again' } = options;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? undefined : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'Failed to fetch', 'NETWORK');
  }
  const text = await response.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!response.ok) {
    const payload = (data ?? {}) as { error?: string; message?: string; code?: string };
    throw new ApiError(
      response.status,
      payload.error ?? payload.message ?? fallbackMessage,
      payload.code,
    );
  }
  return data as T;
}
