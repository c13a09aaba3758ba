/**
 * The store voice in the local writer: per vertical, the description's closing line in each
 * preset tone (account page, 'Store voice'). Each line is an invitation, never a claim about
 * the product, so no tone invents a fact; only the register changes. The seller's own
 * instructions need a language model to follow, so the local writer reads the preset only.
 * Two lines a tone, cycled with the openings when the seller regenerates.
 */
import type { StoreVoicePreset } from '#domain/seller-settings.js';
import type { Vertical } from './draft-verticals.js';

type Lines = readonly [string, string];

export const VOICE_LINES: Record<Vertical, Record<StoreVoicePreset, Lines>> = {
  apparel: {
    friendly: ['A piece to add to your wardrobe.', 'Ready to join your everyday rotation.'],
    professional: ['A practical addition to any wardrobe.', 'Suited to everyday wear.'],
    luxury: ['A considered addition to your wardrobe.', 'Made to be worn and admired.'],
    playful: ['Your wardrobe just got more fun!', 'Go on, give your closet a treat!'],
  },
  footwear: {
    friendly: ['Ready for your next step out.', 'A pair to add to your shoe rack.'],
    professional: [
      'A dependable pair for everyday wear.',
      'A practical addition to any collection.',
    ],
    luxury: ['A refined pair for every occasion.', 'Step out in style.'],
    playful: ['Your feet will thank you!', 'Time to kick up your heels!'],
  },
  bags: {
    friendly: ['Take it along wherever the day goes.', 'A bag to keep close.'],
    professional: ['A practical bag for daily use.', 'Ready for the daily commute.'],
    luxury: ['A refined companion for every outing.', 'Carry it with quiet confidence.'],
    playful: ['Grab it and go!', 'Adventure is better with a good bag!'],
  },
  jewellery: {
    friendly: ['Wear it yourself or give it as a gift.', 'A piece to wear and to treasure.'],
    professional: ['A versatile accessory for any outfit.', 'Suitable for daily wear or gifting.'],
    luxury: ['A piece to treasure for years to come.', 'An elegant finishing touch.'],
    playful: ['A little sparkle never hurt anyone!', 'Treat yourself, you deserve it!'],
  },
  home: {
    friendly: ['A welcome addition to your home.', 'Bring it home.'],
    professional: ['A practical addition to any home.', 'Suited to everyday use at home.'],
    luxury: ['A refined touch for a well-kept home.', 'Elevate your everyday at home.'],
    playful: ['Your home will love it!', 'Home sweet home, now even sweeter!'],
  },
  furniture: {
    friendly: ['A piece to make your space your own.', 'Ready to find its place in your home.'],
    professional: ['A practical piece for any room.', 'Suited to home or office.'],
    luxury: ['A statement piece for a considered space.', 'Furnish your space with distinction.'],
    playful: ['Your room called; it wants this!', 'Make some room for this one!'],
  },
  beauty: {
    friendly: ['A welcome addition to your routine.', 'Add it to your routine.'],
    professional: ['A practical addition to a daily routine.', 'Suited to everyday use.'],
    luxury: ['A moment of indulgence in your routine.', 'Treat your routine to something special.'],
    playful: ['Pamper time, anyone?', 'Your routine just got a glow-up!'],
  },
  food: {
    friendly: ['A treat for the pantry.', 'Stock up your cupboard.'],
    professional: ['A reliable pantry staple.', 'Keep your pantry stocked.'],
    luxury: ['A fine addition to a discerning pantry.', 'For those who savour the good things.'],
    playful: ['Snack o’clock, anyone?', 'Your pantry is about to get happier!'],
  },
  electronics: {
    friendly: ['Add it to your setup.', 'Ready for your setup.'],
    professional: ['A practical addition to any setup.', 'Suited to home or office use.'],
    luxury: ['A refined addition to a considered setup.', 'Upgrade your setup in style.'],
    playful: ['Gadget lovers, this one’s for you!', 'Plug in and have fun!'],
  },
  tools: {
    friendly: ['Ready for your next project.', 'For your next job around the house.'],
    professional: ['A practical tool for the workshop.', 'Suited to jobs around the house.'],
    luxury: ['A tool worth keeping for years.', 'For work done properly.'],
    playful: ['Let’s get building!', 'DIY day just got better!'],
  },
  toys: {
    friendly: ['Ready for playtime.', 'A welcome addition to the toy box.'],
    professional: ['A good choice for the toy box.', 'Suited to play at home.'],
    luxury: ['A keepsake for the toy box.', 'Playtime, beautifully done.'],
    playful: ['Let the fun begin!', 'Playtime just levelled up!'],
  },
  sports: {
    friendly: ['Ready for your next session.', 'Bring it to your next game.'],
    professional: ['A practical addition to your kit.', 'Suited to regular training.'],
    luxury: ['Train in style.', 'A refined addition to your kit.'],
    playful: ['Game on!', 'Ready, set, go!'],
  },
  media: {
    friendly: ['A welcome addition to your shelf.', 'Add it to your collection.'],
    professional: ['A solid addition to any collection.', 'Suited to any shelf.'],
    luxury: ['A collector’s addition to your shelf.', 'For a considered collection.'],
    playful: ['Your shelf has been waiting for this!', 'Collect them all!'],
  },
  pet: {
    friendly: ['Something for your companion.', 'For the pet in your life.'],
    professional: ['A practical choice for pet owners.', 'Suited to everyday pet care.'],
    luxury: ['A little luxury for your companion.', 'Because your pet deserves the best.'],
    playful: ['Tails will wag!', 'Your furry friend will be thrilled!'],
  },
  baby: {
    friendly: ['For the little one in your life.', 'A welcome addition to the nursery.'],
    professional: ['A practical choice for parents.', 'Suited to the nursery.'],
    luxury: ['A keepsake for the nursery.', 'Something special for the little one.'],
    playful: ['Tiny fans, big smiles!', 'Little ones will love it!'],
  },
  general: {
    friendly: ['A welcome find.', 'Yours to enjoy.'],
    professional: ['A practical choice.', 'Ready for everyday use.'],
    luxury: ['A refined find.', 'Something special, yours to keep.'],
    playful: ['What a find!', 'Go on, treat yourself!'],
  },
};
