/**
 * The family binder's fonts on the device (shared/binder/fonts.ts): DejaVu Sans regular and bold,
 * emitted by Vite as assets (`?url`). Not precached: the service worker caches them at runtime in
 * the binder's own cache, warmed in the background (binder-cache.ts, warm-binder.ts), so the
 * binder is made offline too. This module is imported only when a binder is made.
 */
import regularUrl from 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf?url';
import boldUrl from 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf?url';
import type { BinderFontBytes } from '../../../shared/binder/fonts';

async function fetchFont(url: string): Promise<ArrayBuffer> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`The binder's font could not be loaded (HTTP ${res.status}). Open Afterword once online, then try again.`);
  return res.arrayBuffer();
}

/** Fetches the two faces (from the service worker's cache when offline). Throws when they cannot be had. */
export async function loadBinderFonts(): Promise<BinderFontBytes> {
  const [regular, bold] = await Promise.all([fetchFont(regularUrl), fetchFont(boldUrl)]);
  return { regular, bold };
}
