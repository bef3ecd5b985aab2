/** The first word of a member's name ("Noor" of "Noor Haddad"), or '' for a name with none. */
export const firstNameOf = (name: string): string => name.trim().split(/\s+/)[0] ?? '';
