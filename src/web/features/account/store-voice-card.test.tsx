import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SELLER_SETTINGS, type SellerSettings } from '#domain/seller-settings';
import { stubBrowserApis } from '#web/test-support/browser-apis';
import { renderRoutes } from '#web/test-support/render-routes';
import { callsTo, stubFetch } from '#web/test-support/stub-fetch';
import { StoreVoiceCard } from './store-voice-card';

beforeEach(stubBrowserApis);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderCard() {
  return renderRoutes([{ path: '/account', element: <StoreVoiceCard /> }], '/account');
}

const radio = (name: RegExp) => screen.getByRole<HTMLInputElement>('radio', { name });
const instructions = () =>
  screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Your own instructions' });
const saveButton = () => screen.getByRole('button', { name: 'Save voice' });

/** A settings endpoint that stores what is PUT, or fails each PUT while `failing` is set. */
function settingsServer(initial: SellerSettings) {
  const server = { stored: initial, failing: false };
  const fetch = stubFetch({
    'GET /api/user/settings': () => ({ body: server.stored }),
    'PUT /api/user/settings': (body) => {
      if (server.failing) return { status: 500, body: { error: 'Database unavailable' } };
      server.stored = { ...server.stored, ...(body as Partial<SellerSettings>) };
      return { body: server.stored };
    },
  });
  return { server, fetch };
}

describe('store voice on the account page', () => {
  it('shows the saved voice and says what the built-in writer uses', async () => {
    settingsServer({
      ...DEFAULT_SELLER_SETTINGS,
      storeVoice: { preset: 'luxury', instructions: 'Mention our studio.' },
    });
    renderCard();
    await waitFor(() => expect(radio(/^Luxury/).checked).toBe(true));
    expect(instructions().value).toBe('Mention our studio.');
    expect(instructions().getAttribute('maxlength')).toBe('500');
    expect(instructions().getAttribute('aria-describedby')).toBeTruthy();
    expect(
      screen.getByText('Used by a connected AI model; the built-in writer uses the preset.'),
    ).toBeTruthy();
    expect(screen.getByText('19 / 500')).toBeTruthy();
    expect(saveButton().getAttribute('aria-disabled')).toBe('true');
  });

  it('is set with the keyboard alone, counts as the seller types, and saves on request', async () => {
    const { server, fetch } = settingsServer(DEFAULT_SELLER_SETTINGS);
    const { user } = renderCard();
    await waitFor(() => expect(radio(/^Friendly/).checked).toBe(true));

    await user.tab();
    expect(document.activeElement).toBe(radio(/^Friendly/));
    await user.keyboard('{ArrowRight}');
    expect(radio(/^Professional/).checked).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('Not saved yet');
    expect(callsTo(fetch, 'PUT /api/user/settings')).toEqual([]);

    await user.tab();
    expect(document.activeElement).toBe(instructions());
    await user.keyboard('  Short sentences.{Enter}No slang.  ');
    // One paragraph: a line break becomes a space as it is typed.
    expect(instructions().value).toBe('  Short sentences. No slang.  ');
    expect(screen.getByText('30 / 500')).toBeTruthy();

    await user.tab();
    expect(document.activeElement).toBe(saveButton());
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(callsTo(fetch, 'PUT /api/user/settings')).toEqual([
      { storeVoice: { preset: 'professional', instructions: 'Short sentences. No slang.' } },
    ]);
    expect(server.stored.storeVoice).toEqual({
      preset: 'professional',
      instructions: 'Short sentences. No slang.',
    });
    expect(instructions().value).toBe('Short sentences. No slang.');
    expect(document.activeElement).toBe(saveButton());
    expect(saveButton().getAttribute('aria-disabled')).toBe('true');
  });

  it('keeps the seller’s words and says so when they were not saved', async () => {
    const { server } = settingsServer(DEFAULT_SELLER_SETTINGS);
    server.failing = true;
    const { user } = renderCard();
    await waitFor(() => expect(radio(/^Friendly/).checked).toBe(true));

    await user.click(radio(/^Playful/));
    await user.type(instructions(), 'Use puns.');
    await user.click(saveButton());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your store voice was not saved: Database unavailable',
    );
    expect(radio(/^Playful/).checked).toBe(true);
    expect(instructions().value).toBe('Use puns.');
    expect(screen.getByRole('status').textContent).toBe('Not saved yet');
    expect(server.stored).toEqual(DEFAULT_SELLER_SETTINGS);
  });
});
