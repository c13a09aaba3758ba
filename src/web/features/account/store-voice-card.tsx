import { clsx } from 'clsx';
import { useId, useState, type FormEvent } from 'react';
import {
  DEFAULT_STORE_VOICE,
  STORE_VOICE_INSTRUCTIONS_MAX,
  STORE_VOICE_PRESETS,
  type StoreVoice,
  type StoreVoicePreset,
} from '#domain/seller-settings';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { useSaveSellerSettings, useSellerSettings } from './use-seller-settings';

const PRESETS: Record<StoreVoicePreset, { label: string; example: string }> = {
  friendly: { label: 'Friendly', example: 'A bag to keep close.' },
  professional: { label: 'Professional', example: 'A practical bag for daily use.' },
  luxury: { label: 'Luxury', example: 'Carry it with quiet confidence.' },
  playful: { label: 'Playful', example: 'Grab it and go!' },
};

/**
 * Line breaks, tabs and other control characters: the instructions are one paragraph (the
 * server refuses the rest), so they turn into a space as the seller types or pastes.
 */
// eslint-disable-next-line no-control-regex -- replacing control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]+/g;

function sameVoice(a: StoreVoice, b: StoreVoice): boolean {
  return a.preset === b.preset && a.instructions.trim() === b.instructions.trim();
}

/**
 * 'Store voice': the tone of every draft, a preset and optionally the seller's own words for a
 * connected AI model. Unlike the price ending it is saved with a button, so a half-typed
 * instruction is never sent; the status line says whether what is shown is saved.
 */
export function StoreVoiceCard() {
  const settings = useSellerSettings();
  const save = useSaveSellerSettings();
  const ids = useId();
  const saved = settings.data?.storeVoice ?? DEFAULT_STORE_VOICE;
  // The seller's unsaved changes; null while the form shows what is saved.
  const [edited, setEdited] = useState<StoreVoice | null>(null);
  const voice = edited ?? saved;
  const dirty = edited !== null && !sameVoice(edited, saved);

  function change(patch: Partial<StoreVoice>) {
    setEdited({ ...voice, ...patch });
    save.reset();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!dirty || save.isPending) return;
    const storeVoice = { ...voice, instructions: voice.instructions.trim() };
    // What the seller typed while it saved stays theirs to save.
    save.mutate(
      { storeVoice },
      { onSuccess: () => setEdited((now) => (now && sameVoice(now, storeVoice) ? null : now)) },
    );
  }

  const status = settings.isPending
    ? 'Loading…'
    : save.isPending
      ? 'Saving…'
      : dirty
        ? 'Not saved yet'
        : save.isSuccess
          ? 'Saved'
          : null;

  return (
    <div id="store-voice">
      <Card
        title="Store voice"
        description="How your drafts sound. It applies to new drafts and to regenerated text."
      >
        <form onSubmit={submit} aria-describedby={`${ids}-status`}>
          <fieldset disabled={!settings.isSuccess} className="space-y-4">
            <legend className="sr-only">Store voice</legend>
            <div role="radiogroup" aria-label="Tone" className="flex flex-wrap gap-3">
              {STORE_VOICE_PRESETS.map((preset) => (
                <label
                  key={preset}
                  className={clsx(
                    'flex cursor-pointer flex-col rounded-lg border px-3 py-2 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-200',
                    voice.preset === preset
                      ? 'border-brand-500 bg-brand-50 text-slate-900'
                      : 'border-slate-300 text-slate-700',
                  )}
                >
                  <span className="flex items-center gap-2">
                    <input
                      type="radio"
                      name="store-voice-preset"
                      value={preset}
                      checked={voice.preset === preset}
                      onChange={() => change({ preset })}
                      className="accent-brand-600"
                    />
                    <span className="font-medium">{PRESETS[preset].label}</span>
                  </span>
                  {/* Slate 500 on the chosen option's tint is 4.26:1; 600 keeps it above 4.5:1. */}
                  <span className={voice.preset === preset ? 'text-slate-600' : 'text-slate-500'}>
                    {PRESETS[preset].example}
                  </span>
                </label>
              ))}
            </div>
            <div>
              <label htmlFor={`${ids}-instructions`} className="text-sm font-medium text-slate-800">
                Your own instructions
              </label>
              <textarea
                id={`${ids}-instructions`}
                rows={3}
                maxLength={STORE_VOICE_INSTRUCTIONS_MAX}
                value={voice.instructions}
                onChange={(event) =>
                  change({ instructions: event.target.value.replace(CONTROL_CHARACTERS, ' ') })
                }
                aria-describedby={`${ids}-hint ${ids}-count`}
                placeholder="For example: mention that every piece is handmade in our studio."
                className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-200"
              />
              <div className="mt-1 flex justify-between gap-3 text-sm text-slate-600">
                <p id={`${ids}-hint`}>
                  Used by a connected AI model; the built-in writer uses the preset.
                </p>
                <p id={`${ids}-count`} className="shrink-0 tabular-nums">
                  {voice.instructions.length} / {STORE_VOICE_INSTRUCTIONS_MAX}
                </p>
              </div>
            </div>
            {/* aria-disabled, not disabled: the button keeps focus while and after it saves. */}
            <Button type="submit" aria-disabled={!dirty || save.isPending}>
              Save voice
            </Button>
          </fieldset>
        </form>
        <p id={`${ids}-status`} role="status" className="mt-3 min-h-5 text-sm text-slate-600">
          {status}
        </p>
        {(save.isError || settings.isError) && (
          <p role="alert" className="text-sm text-red-600">
            {save.isError
              ? `Your store voice was not saved: ${save.error.message}`
              : `Your store voice could not be loaded: ${settings.error?.message}`}
          </p>
        )}
      </Card>
    </div>
  );
}
