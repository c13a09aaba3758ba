// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { STORE_VOICE_PRESETS } from '#domain/seller-settings.js';
import { inventedFacts } from './draft-audit.js';
import { buildDraft, draftFacts } from './draft-builder.js';
import { descriptionWordings } from './draft-description.js';
import { VOICE_LINES } from './draft-voice.js';
import { nextWording } from './draft-wording.js';
import type { ListingEvidence } from './evidence.js';
import { createDraftContext } from './local-provider.js';

const context = createDraftContext();

const backpack: ListingEvidence = {
  photo: {
    width: 512,
    height: 384,
    orientation: 'landscape',
    background: { kind: 'plain', color: 'white', hex: '#ffffff', uniformity: 0.97 },
    colorRegion: 'subject',
    colors: [{ name: 'red', hex: '#c21f24', share: 0.8 }],
    subjectArea: 0.42,
    sharpness: { level: 'sharp', blur: 0.1 },
    brightness: { level: 'bright', meanLightness: 82 },
  },
  // Read surely enough to name the product: the voice closes a description of a named product.
  classes: [{ index: 414, label: 'backpack', score: 0.95 }],
  text: { lines: [], rotation: 0 },
  barcode: null,
};

const withVoice = (preset: (typeof STORE_VOICE_PRESETS)[number]) =>
  buildDraft(backpack, { ...context, hints: { storeVoice: { preset, instructions: '' } } });

describe('the store voice in local drafts', () => {
  it('closes the description in the preset’s tone and changes nothing else', () => {
    const drafts = STORE_VOICE_PRESETS.map(withVoice);
    expect(new Set(drafts.map((draft) => draft.description)).size).toBe(STORE_VOICE_PRESETS.length);
    expect(buildDraft(backpack, context)).toEqual(withVoice('friendly'));
    for (const [i, preset] of STORE_VOICE_PRESETS.entries()) {
      const draft = drafts[i]!;
      expect(draft.description).toContain(VOICE_LINES.bags[preset][0]);
      // The SEO description is written from the description, so it changes with it.
      const { description: _, seoDescription: _seo, ...rest } = draft;
      const { description: __, seoDescription: __seo, ...friendlyRest } = drafts[0]!;
      expect(rest).toEqual(friendlyRest);
      expect(inventedFacts(draft, backpack, context.classMap)).toEqual([]);
    }
  });

  it('regenerates the next phrasing within the same tone', () => {
    const wordings = descriptionWordings(draftFacts(backpack, context), 'luxury');
    expect(new Set(wordings).size).toBe(wordings.length);
    expect(nextWording(wordings, wordings[0]!)).toBe(wordings[1]);
    expect(wordings[1]).toContain(VOICE_LINES.bags.luxury[1]);
  });

  it('has a distinct line per tone in every vertical', () => {
    for (const [vertical, tones] of Object.entries(VOICE_LINES)) {
      const lines = STORE_VOICE_PRESETS.flatMap((preset) => tones[preset]);
      expect(new Set(lines).size, vertical).toBe(lines.length);
    }
  });
});
