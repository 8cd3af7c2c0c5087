/**
 * The demo images: one profile (544x432) and one cover (1500x900) per event, rendered once by
 * scripts/make-demo-images.ts into public/images/{tenant}/{name}.jpg and {name}-cover.jpg.
 * The seed only stores their ids in event meta. `title` names the image in this list only: the
 * pictures carry no text.
 */
import type { EventMeta } from "../../../api/schemas.ts";

export type Motif =
  | "waves"
  | "frame"
  | "notes"
  | "ticket"
  | "heart"
  | "card"
  | "star"
  | "key"
  | "leaf"
  | "paw";

export interface DemoImage {
  tenant: "harbour-museum" | "riverside-zoo";
  name: string;
  title: string;
  /** Two gradient colours and an accent. */
  colors: [string, string, string];
  motif: Motif;
}

export const demoImages: DemoImage[] = [
  {
    tenant: "harbour-museum",
    name: "general-admission",
    title: "General Admission",
    colors: ["#0b4f6c", "#1f8a9e", "#f2d492"],
    motif: "waves",
  },
  {
    tenant: "harbour-museum",
    name: "special-exhibition",
    title: "Special Exhibition",
    colors: ["#3d2c5c", "#8c5e9e", "#f4c95d"],
    motif: "frame",
  },
  {
    tenant: "harbour-museum",
    name: "evening-concert",
    title: "Evening Concert",
    colors: ["#1b1b3a", "#693668", "#f7b267"],
    motif: "notes",
  },
  {
    tenant: "harbour-museum",
    name: "flex-pass",
    title: "Flexible Ticket",
    colors: ["#0f5257", "#43aa8b", "#fefae0"],
    motif: "ticket",
  },
  {
    tenant: "harbour-museum",
    name: "donation",
    title: "Support the Museum",
    colors: ["#c8553d", "#f28f3b", "#fff3e0"],
    motif: "heart",
  },
  {
    tenant: "harbour-museum",
    name: "gift-card",
    title: "Gift Card",
    colors: ["#264653", "#2a9d8f", "#e9c46a"],
    motif: "card",
  },
  {
    tenant: "harbour-museum",
    name: "membership",
    title: "Membership",
    colors: ["#0b4f6c", "#c8553d", "#f7f5f0"],
    motif: "star",
  },
  {
    tenant: "harbour-museum",
    name: "members-preview",
    title: "Members Preview",
    colors: ["#283044", "#78a1bb", "#ebf5ee"],
    motif: "frame",
  },
  {
    tenant: "harbour-museum",
    name: "curator-tour",
    title: "Curator's Private Tour",
    colors: ["#3e2723", "#8d6e63", "#ffe0b2"],
    motif: "key",
  },
  {
    tenant: "riverside-zoo",
    name: "day-admission",
    title: "Day Admission",
    colors: ["#2d6a2e", "#7fb069", "#f2a541"],
    motif: "leaf",
  },
  {
    tenant: "riverside-zoo",
    name: "keeper-talk",
    title: "Keeper Talk",
    colors: ["#386641", "#a7c957", "#f2e8cf"],
    motif: "paw",
  },
  {
    tenant: "riverside-zoo",
    name: "keeper-day",
    title: "Junior Keeper Day",
    colors: ["#7f4f24", "#b08968", "#ede0d4"],
    motif: "paw",
  },
  {
    tenant: "riverside-zoo",
    name: "membership",
    title: "Zoo Membership",
    colors: ["#1b4332", "#52b788", "#f2a541"],
    motif: "star",
  },
  {
    tenant: "riverside-zoo",
    name: "gift-card",
    title: "Zoo Gift Card",
    colors: ["#6a994e", "#bc4749", "#f2e8cf"],
    motif: "card",
  },
  {
    tenant: "riverside-zoo",
    name: "donation",
    title: "Support Conservation",
    colors: ["#bc6c25", "#dda15e", "#fefae0"],
    motif: "heart",
  },
];

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

/**
 * What each motif shows. The images carry no text (issue 11): the event's name is printed next to
 * them, so the alt text describes the picture and does not repeat the name.
 */
const motifAlt: Record<Motif, string> = {
  waves: "A sailing boat on the waves at sunrise",
  frame: "A framed landscape painting",
  notes: "Two musical notes",
  ticket: "A ticket stub",
  heart: "A heart",
  card: "A card tied with a ribbon",
  star: "A star",
  key: "An old key",
  leaf: "A leaf above rolling hills",
  paw: "A paw print above rolling hills",
};

/**
 * Image meta keys for an event. `alt` undefined gives the picture's description; pass "" to leave
 * the alt text empty (exercises the 'Image for {event name}' fallback).
 */
export function imageMeta(tenant: string, name: string, alt?: string): EventMeta {
  const image = demoImages.find((i) => i.tenant === tenant && i.name === name);
  if (!image) throw new Error(`No demo image ${tenant}/${name}`);
  return {
    image_profile: profileImageId(tenant, name),
    image_profile_alt: alt ?? motifAlt[image.motif],
    image_cover: coverImageId(tenant, name),
    image_cover_alt: alt ?? motifAlt[image.motif],
  };
}
