import { createAvatar } from '@dicebear/core';
import { thumbs } from '@dicebear/collection';

/** A member's generated avatar, made here from their email (no outside calls), as SVG. */
export function generatedAvatarSvg(email: string): string {
  return createAvatar(thumbs, {
    seed: email.toLowerCase(),
    backgroundColor: ['7c3aed', '5b21b6', '0f766e', '9d174d', '1d4ed8'],
    radius: 50,
  }).toString();
}
