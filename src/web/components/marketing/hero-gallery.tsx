import { clsx } from 'clsx';
import { useState } from 'react';
import { PauseIcon, PlayIcon } from './icons';

interface GalleryPhoto {
  file: string;
  alt: string;
  /** The kind of title Listsmith drafts for this photo. */
  title: string;
  price: string;
}

/** Photos and credits: public/gallery/CREDITS.md. Every file is 480 × 480 WebP. */
const PHOTO_SIZE = 480;

const rows: GalleryPhoto[][] = [
  [
    {
      file: 'straw-hat',
      alt: 'Straw fedora hat with a wide grey band on a white table',
      title: 'Straw Panama Hat',
      price: '$48.00',
    },
    {
      file: 'suede-loafers',
      alt: 'Pair of beige perforated suede loafers with tassels',
      title: 'Suede Tassel Loafers',
      price: '$89.00',
    },
    {
      file: 'enamel-teapot',
      alt: 'Mint-green enamel teapot with a cream handle and lid knob',
      title: 'Mint Enamel Teapot',
      price: '$34.00',
    },
    {
      file: 'brass-earrings',
      alt: 'Pair of large geometric brass drop earrings on white marble',
      title: 'Brass Drop Earrings',
      price: '$42.00',
    },
    {
      file: 'canvas-backpack',
      alt: 'Slate herringbone canvas rucksack with two buckled front pockets and a tan leather handle',
      title: 'Canvas Rucksack',
      price: '$95.00',
    },
    {
      file: 'lipsticks',
      alt: 'Five lipsticks in gold and black cases, in shades from magenta to deep red',
      title: 'Satin Lipstick Set',
      price: '$58.00',
    },
    {
      file: 'mint-sweatshirt',
      alt: 'Man wearing a pale mint crew-neck sweatshirt and black trousers',
      title: 'Mint Crew Sweatshirt',
      price: '$55.00',
    },
  ],
  [
    {
      file: 'black-mug',
      alt: 'Glossy black ceramic mug with a mustard-yellow interior',
      title: 'Two-Tone Coffee Mug',
      price: '$18.00',
    },
    {
      file: 'leather-belt',
      alt: 'Coiled tan leather belt with an antique brass buckle',
      title: 'Tan Leather Belt',
      price: '$38.00',
    },
    {
      file: 'knit-beanie',
      alt: 'Woman seen from behind wearing a burgundy chunky-knit pom-pom beanie',
      title: 'Chunky Knit Beanie',
      price: '$29.00',
    },
    {
      file: 'retro-radio',
      alt: 'Mint-green 1950s-style table radio with a cream tuning dial',
      title: 'Retro Table Radio',
      price: '$145.00',
    },
    {
      file: 'navy-shoulder-bag',
      alt: 'Navy leather slouchy shoulder bag on a white table',
      title: 'Navy Hobo Bag',
      price: '$120.00',
    },
    {
      file: 'plaid-scarf',
      alt: 'Man wearing an oversized grey and rust plaid scarf over a grey sweater',
      title: 'Plaid Blanket Scarf',
      price: '$45.00',
    },
    {
      file: 'braided-keyring',
      alt: 'Navy braided leather key loop with a gunmetal ring on marble',
      title: 'Braided Key Loop',
      price: '$16.00',
    },
  ],
];

/**
 * Each row repeats its photos in four identical sets and drifts by half its width (two sets), so
 * the loop is seamless on screens up to about 3,000px wide. Only the first set is exposed to
 * assistive technology; the copies are decorative.
 */
const SETS = 4;
/** Tiles visible when the page opens load eagerly; the rest load as they drift into view. */
const EAGER_TILES = 5;

function Tile({ photo, hidden, eager }: { photo: GalleryPhoto; hidden: boolean; eager: boolean }) {
  return (
    <figure className="relative size-52 overflow-hidden rounded-2xl bg-white shadow-md ring-1 shadow-slate-900/5 ring-slate-900/5">
      <img
        src={`/gallery/${photo.file}.webp`}
        alt={hidden ? '' : photo.alt}
        width={PHOTO_SIZE}
        height={PHOTO_SIZE}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        draggable={false}
        className="size-full object-cover"
      />
      <figcaption className="absolute inset-x-2 bottom-2 rounded-xl bg-white/90 px-3 py-2 shadow-sm ring-1 ring-slate-900/5 backdrop-blur-sm">
        <span className="block truncate text-xs font-semibold text-slate-900">{photo.title}</span>
        <span className="mt-0.5 flex items-center justify-between text-xs">
          <span className="text-slate-500">Suggested price</span>
          <span className="font-semibold text-brand-700">{photo.price}</span>
        </span>
      </figcaption>
    </figure>
  );
}

function Row({
  photos,
  reverse,
  paused,
}: {
  photos: GalleryPhoto[];
  reverse: boolean;
  paused: boolean;
}) {
  // A reversed row starts half-way along, so its third set is the one on screen first.
  const firstVisibleSet = reverse ? SETS / 2 : 0;
  return (
    <div
      className={clsx(
        'flex w-max animate-drift group-hover:[animation-play-state:paused] motion-reduce:animate-none',
        paused && '[animation-play-state:paused]',
      )}
      // About 30px a second; the second row runs the other way, a little slower.
      style={
        reverse
          ? { animationDuration: '130s', animationDirection: 'reverse' }
          : { animationDuration: '110s' }
      }
    >
      {Array.from({ length: SETS }, (_, set) => (
        <ul key={set} className="flex" aria-hidden={set === 0 ? undefined : true}>
          {photos.map((photo, index) => (
            <li key={photo.file} className="pr-4">
              <Tile
                photo={photo}
                hidden={set !== 0}
                eager={set === firstVisibleSet && index < EAGER_TILES}
              />
            </li>
          ))}
        </ul>
      ))}
    </div>
  );
}

/** Hero gallery: two rows of product photos with their drafted listings, drifting sideways. */
export function HeroGallery() {
  const [paused, setPaused] = useState(false);
  return (
    <section aria-labelledby="gallery-heading" className="relative">
      <h2 id="gallery-heading" className="sr-only">
        Example listings drafted from product photos
      </h2>
      <div className="group flex flex-col gap-4 overflow-hidden py-2 [mask-image:linear-gradient(to_right,transparent,black_8%,black_92%,transparent)]">
        {rows.map((photos, index) => (
          <Row key={index} photos={photos} reverse={index % 2 === 1} paused={paused} />
        ))}
      </div>
      <div className="mx-auto mt-5 flex max-w-6xl justify-end px-6 motion-reduce:hidden">
        <button
          type="button"
          onClick={() => setPaused((value) => !value)}
          className="inline-flex items-center gap-1.5 rounded-full border border-slate-200 bg-white px-3 py-1.5 text-xs font-medium text-slate-600 shadow-sm transition-colors hover:border-slate-300 hover:text-slate-900"
        >
          {paused ? <PlayIcon className="size-3.5" /> : <PauseIcon className="size-3.5" />}
          {paused ? 'Play gallery' : 'Pause gallery'}
        </button>
      </div>
    </section>
  );
}
