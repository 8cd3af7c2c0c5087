/**
 * The demo images: freely licensed photographs from Debian's wallpaper packages (each credited in
 * README.md with its licence), cropped once by scripts/make-demo-images.ts into
 * public/images/{tenant}/{name}.jpg (profile, 544x432) and {name}-cover.jpg (cover, 1500x900). The
 * catalogue files name them (an event's `image`) and give their alt texts. `title` names the image
 * in this list only: the pictures carry no text, the page prints the event's name.
 */

export interface DemoImage {
  tenant: "harbour-museum" | "riverside-zoo";
  name: string;
  title: string;
  /** The photograph, under /usr/share/backgrounds once its Debian package is installed. */
  source: string;
  /** Its Debian package, author and licence, as the package's copyright file gives them. */
  credit: { package: string; author: string; year: number; licence: string };
  /**
   * The focal point, as fractions of the source's width and height: both crops are centred on it
   * (as far as the frame allows), so the cover's 3:1 band and the card keep the subject.
   */
  focus: [number, number];
}

const lomiri16 = "lomiri-wallpapers-16.04";
const lomiri20 = "lomiri-wallpapers-20.04";
const mate = "mate-backgrounds";

export const demoImages: DemoImage[] = [
  {
    tenant: "harbour-museum",
    name: "general-admission",
    title: "General Admission",
    source: "mate/nature/Dune.jpg",
    credit: { package: mate, author: "Marco Cogoni", year: 2007, licence: "GPL-2+" },
    focus: [0.5, 0.4],
  },
  {
    tenant: "harbour-museum",
    name: "special-exhibition",
    title: "Special Exhibition",
    source: "Picture_1A_by_freespace.jpg",
    credit: { package: lomiri16, author: 'Trevor "Freespace"', year: 2018, licence: "CC-BY-4.0" },
    focus: [0.5, 0.45],
  },
  {
    tenant: "harbour-museum",
    name: "evening-concert",
    title: "Evening Concert",
    source: "sunset_by_Aitzol_Berasategi.jpg",
    credit: { package: lomiri16, author: "Aitzol Berasategi", year: 2018, licence: "CC-BY-4.0" },
    focus: [0.5, 0.42],
  },
  {
    tenant: "harbour-museum",
    name: "flex-pass",
    title: "Flexible Ticket",
    source: "Bridge_by_Sander_Klootwijk.jpg",
    credit: { package: lomiri16, author: "Sander Klootwijk", year: 2018, licence: "CC-BY-SA-4.0" },
    focus: [0.5, 0.55],
  },
  {
    tenant: "harbour-museum",
    name: "donation",
    title: "Support the Museum",
    source: "seeding_by_Clements_Engelhardt.jpg",
    credit: { package: lomiri16, author: "Clemens Engelhardt", year: 2018, licence: "CC0-1.0" },
    focus: [0.32, 0.4],
  },
  {
    tenant: "harbour-museum",
    name: "gift-card",
    title: "Gift Card",
    source: "Picture_0B_by_freespace.jpg",
    credit: { package: lomiri16, author: 'Trevor "Freespace"', year: 2018, licence: "CC-BY-4.0" },
    focus: [0.62, 0.45],
  },
  {
    tenant: "harbour-museum",
    name: "membership",
    title: "Membership",
    source: "greentock_by_Peter_Nerlich.jpg",
    credit: { package: lomiri16, author: "Peter Nerlich", year: 2018, licence: "CC-BY-SA-4.0" },
    focus: [0.55, 0.45],
  },
  {
    tenant: "harbour-museum",
    name: "members-preview",
    title: "Members Preview",
    source: "free_by_Peter_Nerlich.jpg",
    credit: { package: lomiri16, author: "Peter Nerlich", year: 2018, licence: "CC-BY-SA-4.0" },
    focus: [0.45, 0.66],
  },
  {
    tenant: "harbour-museum",
    name: "curator-tour",
    title: "Curator's Private Tour",
    source: "Infinite-Sea_by_Aury88.jpg",
    credit: { package: lomiri20, author: "Aury88", year: 2019, licence: "CC-BY-SA-3.0" },
    focus: [0.5, 0.62],
  },
  {
    tenant: "riverside-zoo",
    name: "day-admission",
    title: "Day Admission",
    source: "Kleiber_by_Lukas_Baubkus.jpg",
    credit: { package: lomiri20, author: "Lukas Baubkus", year: 2021, licence: "CC-BY-SA-3.0" },
    focus: [0.45, 0.5],
  },
  {
    tenant: "riverside-zoo",
    name: "keeper-talk",
    title: "Keeper Talk",
    source: "mate/nature/LadyBird.jpg",
    credit: { package: mate, author: "Charles Barbin", year: 2008, licence: "GPL-2+" },
    focus: [0.68, 0.5],
  },
  {
    tenant: "riverside-zoo",
    name: "keeper-day",
    title: "Junior Keeper Day",
    source: "friends_by_Aitzol_Berasategi.jpg",
    credit: { package: lomiri16, author: "Aitzol Berasategi", year: 2018, licence: "CC-BY-4.0" },
    focus: [0.55, 0.33],
  },
  {
    tenant: "riverside-zoo",
    name: "membership",
    title: "Zoo Membership",
    source: "aitzgorri_by_Aitzol_Berasategi.jpg",
    credit: { package: lomiri16, author: "Aitzol Berasategi", year: 2018, licence: "CC-BY-4.0" },
    focus: [0.5, 0.5],
  },
  {
    tenant: "riverside-zoo",
    name: "gift-card",
    title: "Zoo Gift Card",
    source: "mate/nature/Garden.jpg",
    credit: { package: mate, author: "Charles Barbin", year: 2008, licence: "GPL-2+" },
    focus: [0.55, 0.5],
  },
  {
    tenant: "riverside-zoo",
    name: "donation",
    title: "Support Conservation",
    source: "life_by_Aitzol_Berasategi.jpg",
    credit: { package: lomiri16, author: "Aitzol Berasategi", year: 2018, licence: "CC-BY-4.0" },
    focus: [0.5, 0.55],
  },
];

export interface Region {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The most a crop zooms in to centre a focal point near an edge: to 60 % of the largest frame. */
const MIN_FRAME = 0.6;

/**
 * The region of `ratio` (width / height) that scripts/make-demo-images.ts crops from a `width` x
 * `height` source: the largest frame, narrowed (down to MIN_FRAME of it, never below `minWidth`
 * pixels) until the focal point can sit at its centre, then moved to centre it as far as the frame
 * allows. The pages crop the middle of an image (the endpoint's fit cover takes the cover's middle
 * 3:1 band; the phone's card and the home hero crop around the centre with object-fit), so a
 * centred focal point stays in.
 */
export function focusedRegion(
  width: number,
  height: number,
  ratio: number,
  [fx, fy]: [number, number],
  minWidth: number,
): Region {
  const largest = Math.min(width, height * ratio);
  const room = Math.min(2 * Math.min(fx, 1 - fx) * width, 2 * Math.min(fy, 1 - fy) * height * ratio);
  const cropWidth = Math.round(
    Math.max(Math.min(largest, room), largest * MIN_FRAME, Math.min(minWidth, largest)),
  );
  const cropHeight = Math.round(cropWidth / ratio);
  const clamp = (v: number, max: number) => Math.round(Math.min(Math.max(v, 0), max));
  return {
    left: clamp(fx * width - cropWidth / 2, width - cropWidth),
    top: clamp(fy * height - cropHeight / 2, height - cropHeight),
    width: cropWidth,
    height: cropHeight,
  };
}

export const imageSizes = {
  profile: { width: 544, height: 432 },
  cover: { width: 1500, height: 900 },
} as const;

export function profileImageId(tenant: string, name: string): string {
  return `${tenant}/${name}.jpg`;
}

export function coverImageId(tenant: string, name: string): string {
  return `${tenant}/${name}-cover.jpg`;
}
