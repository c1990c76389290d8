/**
 * Installing the app (issue "Promises kept", finding 9: the app is installable but nothing said
 * so). Chromium-based browsers fire `beforeinstallprompt` when the app may be installed: the event
 * is kept so that an "Install the app" button can show the browser's own prompt later. iOS Safari
 * has no such event: the person adds it from the Share menu, so the app says how. Listening starts
 * at the entry (web/main.tsx), before the browser fires the event.
 */
import { create } from 'zustand';

/** The browser's install prompt (not in TypeScript's DOM types: a Chromium extension). */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

interface InstallState {
  /** The kept prompt, or null (not offered, used, or already installed). */
  prompt: InstallPromptEvent | null;
  installed: boolean;
}

export const useInstallStore = create<InstallState>()(() => ({ prompt: null, installed: false }));

/** Starts listening for the browser's install prompt and for the app being installed. Call once. */
export function listenForInstallPrompt(win: Window = window): void {
  win.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault(); // shown from our button instead of the browser's mini-infobar
    useInstallStore.setState({ prompt: e as InstallPromptEvent });
  });
  win.addEventListener('appinstalled', () => useInstallStore.setState({ prompt: null, installed: true }));
}

/** Shows the browser's install prompt; resolves with the person's answer. A prompt can be used once. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const prompt = useInstallStore.getState().prompt;
  if (!prompt) return 'unavailable';
  useInstallStore.setState({ prompt: null });
  await prompt.prompt();
  const { outcome } = await prompt.userChoice;
  if (outcome === 'accepted') useInstallStore.setState({ installed: true });
  return outcome;
}

/** True when the app runs installed (its own window), not in a browser tab. */
export function runsInstalled(): boolean {
  return window.matchMedia?.('(display-mode: standalone)').matches === true || (navigator as { standalone?: boolean }).standalone === true;
}

/** True on an iPhone or iPad browser, where apps are added from the Share menu. */
export function isIos(ua = navigator.userAgent, touchPoints = navigator.maxTouchPoints): boolean {
  return /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && touchPoints > 1);
}
