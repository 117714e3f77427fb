/**
 * Activity's search box, which Ctrl/Cmd+Shift+F reaches while Activity is
 * shown. A file of its own: the view is fetched only when first opened, and
 * the shortcut must not bring it into the first paint's script.
 */
export const ACTIVITY_SEARCH_ID = 'activity-search';
