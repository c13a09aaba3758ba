/**
 * Fetches an image a catalogue file names, as an outside address a seller typed must be fetched
 * (ADR 041): http(s) only; every connection, the first and each redirect's, goes through
 * request-filtering-agent, which resolves the name, refuses private, loopback, link-local,
 * unique-local and other non-public addresses, and connects to the address it checked (no
 * second lookup a rebinding DNS could answer differently); at most MAX_BYTES read and
 * `timeoutMs` spent, redirects and body included. What comes back is checked again by the
 * upload rules (src/server/images) before it is stored.
 */
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { MAX_FILE_BYTES } from '#domain/upload-rules.js';

const MAX_REDIRECTS = 5;

export class ImageFetchError extends Error {
  override name = 'ImageFetchError';
}

export interface ImageFetchPolicy {
  /** Addresses allowed although not public (tests and development only; config refuses it in production). */
  allowAddresses: readonly string[];
  timeoutMs: number;
  /** At most this many bytes (default: the upload limit, 10 MB). */
  maxBytes?: number;
  /** Name resolution; default the system's. Tests resolve names of their own. */
  lookup?: LookupFunction;
}

/** `userId`: the seller the image is fetched for (the sandbox store's images are theirs only). */
export type FetchImage = (url: string, signal?: AbortSignal, userId?: string) => Promise<Buffer>;

const REFUSED_ADDRESS = /is not allowed\. Because/;

export function createImageFetcher(policy: ImageFetchPolicy): FetchImage {
  const maxBytes = policy.maxBytes ?? MAX_FILE_BYTES;
  const filter = { allowIPAddressList: [...policy.allowAddresses], keepAlive: false };
  const agents = {
    'http:': new RequestFilteringHttpAgent(filter),
    'https:': new RequestFilteringHttpsAgent(filter),
  };

  function get(url: URL, signal: AbortSignal): Promise<http.IncomingMessage> {
    const protocol = url.protocol as 'http:' | 'https:';
    const client = protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const request = client.get(url, {
        agent: agents[protocol],
        signal,
        headers: { accept: 'image/*', 'user-agent': 'Listsmith catalogue import' },
        ...(policy.lookup ? { lookup: policy.lookup } : {}),
      });
      request.once('response', resolve);
      request.once('error', reject);
    });
  }

  async function readCapped(response: http.IncomingMessage): Promise<Buffer> {
    const declared = Number(response.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes) {
      response.destroy();
      throw new ImageFetchError(`The image is larger than ${maxBytes / 1024 / 1024} MB.`);
    }
    const chunks: Buffer[] = [];
    let total = 0;
    for await (const chunk of response) {
      total += (chunk as Buffer).length;
      if (total > maxBytes) {
        response.destroy();
        throw new ImageFetchError(`The image is larger than ${maxBytes / 1024 / 1024} MB.`);
      }
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks);
  }

  return async function fetchImage(address, outer) {
    const deadline = AbortSignal.timeout(policy.timeoutMs);
    const signal = outer ? AbortSignal.any([outer, deadline]) : deadline;
    let url: URL;
    try {
      url = new URL(address);
    } catch {
      throw new ImageFetchError('This is not a web address.');
    }
    try {
      for (let hop = 0; ; hop += 1) {
        if (url.protocol !== 'http:' && url.protocol !== 'https:') {
          throw new ImageFetchError('Only http and https addresses are fetched.');
        }
        if (url.username || url.password) {
          throw new ImageFetchError('Addresses with a user name or password are not fetched.');
        }
        const response = await get(url, signal);
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume();
          if (hop >= MAX_REDIRECTS) throw new ImageFetchError('The address redirects too often.');
          url = new URL(response.headers.location, url);
          continue;
        }
        if (status < 200 || status >= 300) {
          response.resume();
          throw new ImageFetchError(`The image server answered ${status}.`);
        }
        return await readCapped(response);
      }
    } catch (error) {
      if (error instanceof ImageFetchError) throw error;
      if (deadline.aborted) {
        throw new ImageFetchError(
          `The image took longer than ${policy.timeoutMs / 1000} s to fetch.`,
        );
      }
      if (outer?.aborted) throw error;
      const message = error instanceof Error ? error.message : String(error);
      if (REFUSED_ADDRESS.test(message)) {
        throw new ImageFetchError(
          `The address ${url.hostname} is not a public one; it is not fetched.`,
        );
      }
      throw new ImageFetchError(
        `The image could not be fetched (${(error as NodeJS.ErrnoException).code ?? 'network error'}).`,
      );
    }
  };
}
