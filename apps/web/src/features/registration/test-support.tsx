/** A registration code as the server makes them (at least 16 characters). */
export const CODE = 'k3Yx9QwErTy7UiOp2AsD';
