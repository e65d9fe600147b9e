/** The square icon buttons of the header and the mobile drawer (44 px touch target). */
export const MENU_BUTTON_CLASSES =
  "inline-flex h-11 w-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 " +
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";
