import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { $ZodError } from 'zod/v4/core';
import { ApiError, apiFetch, apiSend, GENERIC_ERROR_MESSAGE, INVALID_REPLY } from './api-client';

const itemSchema = z.object({ id: z.string(), count: z.number() });

function reply(body: BodyInit | null, init: ResponseInit & { type?: string } = {}) {
  const { type = 'application/json', ...rest } = init;
  const fetch = vi.fn(
    async () => new Response(body, { status: 200, headers: { 'content-type': type }, ...rest }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

async function failure(call: Promise<unknown>): Promise<ApiError> {
  const error = await call.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiFetch', () => {
  it('returns the reply parsed with its schema, unknown fields dropped', async () => {
    const fetch = reply(JSON.stringify({ id: 'a1', count: 2, token: 'secret' }));
    const item = await apiFetch('/api/item', itemSchema, { method: 'POST', body: { n: 1 } });
    expect(item).toStrictEqual({ id: 'a1', count: 2 });
    expect(fetch).toHaveBeenCalledWith('/api/item', {
      method: 'POST',
      credentials: 'same-origin',
      signal: expect.any(AbortSignal),
      headers: { 'content-type': 'application/json' },
      body: '{"n":1}',
    });
  });

  it('reads a JSON null when the schema allows it (signed out)', async () => {
    reply('null');
    expect(await apiFetch('/api/session', itemSchema.nullable())).toBeNull();
  });

  it('fails with the fallback message when the JSON is not of the schema', async () => {
    reply(JSON.stringify({ id: 'a1', count: 'two' }));
    const error = await failure(
      apiFetch('/api/item', itemSchema, { fallbackMessage: 'Failed to load the item' }),
    );
    expect(error).toMatchObject({
      status: 502,
      code: INVALID_REPLY,
      message: 'Failed to load the item',
    });
    expect(error.cause).toBeInstanceOf($ZodError);
  });

  it('fails with the generic message when a 2xx reply is not JSON', async () => {
    // E.g. a proxy answering an API path with the app's HTML page.
    reply('<!doctype html><title>Listsmith</title>', { type: 'text/html' });
    const error = await failure(apiFetch('/api/item', itemSchema));
    expect(error).toMatchObject({ status: 502, code: INVALID_REPLY });
    expect(error.message).toBe(GENERIC_ERROR_MESSAGE);
    expect(GENERIC_ERROR_MESSAGE).toBe('An error occurred. Please try again');
  });

  it('fails when a JSON reply is expected and the body is empty', async () => {
    reply(null, { status: 204 });
    const error = await failure(apiFetch('/api/item', itemSchema, { fallbackMessage: 'Nope' }));
    expect(error).toMatchObject({ status: 502, code: INVALID_REPLY, message: 'Nope' });
  });

  it('gives the server’s message and code for a failed call', async () => {
    reply(JSON.stringify({ error: 'Profile not found', code: 'GONE' }), { status: 404 });
    const error = await failure(apiFetch('/api/item', itemSchema, { fallbackMessage: 'x' }));
    expect(error).toMatchObject({ status: 404, message: 'Profile not found', code: 'GONE' });
  });

  it('reads better-auth’s { message } error body too', async () => {
    reply(JSON.stringify({ message: 'Invalid email or password', code: 'INVALID' }), {
      status: 401,
    });
    const error = await failure(apiFetch('/api/auth/sign-in/email', itemSchema));
    expect(error).toMatchObject({ status: 401, message: 'Invalid email or password' });
  });

  it('uses the fallback message for a failure without a readable body', async () => {
    reply('Bad Gateway', { status: 502, type: 'text/plain' });
    const error = await failure(apiFetch('/api/item', itemSchema, { fallbackMessage: 'Failed' }));
    expect(error).toMatchObject({ status: 502, message: 'Failed' });
    expect(error.code).toBeUndefined();
  });

  it('reports a request that never got an answer as a network failure', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const error = await failure(apiFetch('/api/item', itemSchema));
    expect(error).toMatchObject({ status: 0, code: 'NETWORK', message: 'Failed to fetch' });
  });
});

describe('timeouts', () => {
  it('gives up on a request that hangs and reports it as a network failure', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_path: string, init?: RequestInit) =>
          new Promise((_resolve, reject) => {
            init?.signal?.addEventListener('abort', () =>
              reject(new DOMException('', 'AbortError')),
            );
          }),
      ),
    );
    const error = await failure(apiFetch('/api/item', itemSchema, { timeoutMs: 20 }));
    expect(error).toMatchObject({ status: 0, code: 'NETWORK' });
  });
});

describe('apiSend', () => {
  it('accepts a 204 with no body', async () => {
    const fetch = reply(null, { status: 204 });
    await expect(apiSend('/api/product/p1', { method: 'DELETE' })).resolves.toBeUndefined();
    expect(fetch).toHaveBeenCalledWith('/api/product/p1', {
      method: 'DELETE',
      credentials: 'same-origin',
      signal: expect.any(AbortSignal),
      headers: undefined,
      body: undefined,
    });
  });

  it('still fails on an error status', async () => {
    reply(JSON.stringify({ error: 'Product not found' }), { status: 404 });
    const error = await failure(apiSend('/api/product/p1', { method: 'DELETE' }));
    expect(error).toMatchObject({ status: 404, message: 'Product not found' });
  });
});
