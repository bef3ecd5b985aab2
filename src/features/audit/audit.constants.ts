/** The spec's texts for the Audit Log tab. */
export const NO_LOGS = 'No logs found matching criteria.';
export const FILTERS_APPLIED = 'Filters Applied';
export const LOG_EXPORT_STARTED = 'Log export started.';
export const ALL_EVENT_TYPES = 'All Event Types';
export const ALL_DRIVERS = 'All Drivers';
export const ALL_ACTORS = 'All Actors';
/** Who a row names when the member it refers to has been deleted. */
export const FORMER_MEMBER = 'Former member';
/** The actor of what the server did by itself (an expired claim). */
export const SYSTEM_ACTOR = 'The Vault';
export const DATE_ORDER = 'The start date must be on or before the end date.';
