/** Modal widths (spec section 9) and transition time: a module of their own, so `openConfirm` needs no Modal. */
export const MODAL_SIZES = { default: 480, large: 720 } as const;
export const MODAL_TRANSITION_MS = 300;
