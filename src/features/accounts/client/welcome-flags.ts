/**
 * What this browser remembers about the welcome dialogs (ARCHITECTURE.md departure 1): the age confirmation for
 * this browser session only, and that the Add to Home Screen tips were seen, once per device.
 */
export const AGE_VERIFIED_KEY = 'vault.ageVerified';
export const INSTALL_TIPS_SEEN_KEY = 'vault.installTipsSeen';

export function isAgeVerified(): boolean {
  return read(() => sessionStorage.getItem(AGE_VERIFIED_KEY)) === 'true';
}

export function markAgeVerified(): void {
  write(() => sessionStorage.setItem(AGE_VERIFIED_KEY, 'true'));
}

/** Never inside the installed app, and only until the member has pressed Got It! once on this device. */
export function shouldShowInstallTips(): boolean {
  const standalone =
    window.matchMedia('(display-mode: standalone)').matches ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return !standalone && read(() => localStorage.getItem(INSTALL_TIPS_SEEN_KEY)) !== 'true';
}

export function markInstallTipsSeen(): void {
  write(() => localStorage.setItem(INSTALL_TIPS_SEEN_KEY, 'true'));
}

export type InstallPlatform = 'ios' | 'android' | 'other';

export function installPlatform(userAgent = navigator.userAgent): InstallPlatform {
  // iPadOS reports itself as a Mac; a Mac with a touch screen is an iPad.
  const iPadAsMac = /Macintosh/.test(userAgent) && navigator.maxTouchPoints > 1;
  if (/iPhone|iPad|iPod/.test(userAgent) || iPadAsMac) return 'ios';
  if (/Android/i.test(userAgent)) return 'android';
  return 'other';
}

// Storage can be switched off (private modes, strict settings): the dialogs then simply show again.
function read(get: () => string | null): string | null {
  try {
    return get();
  } catch {
    return null;
  }
}

function write(set: () => void): void {
  try {
    set();
  } catch {
    /* see read() */
  }
}
