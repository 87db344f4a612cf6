let resolveModalsReady: () => void = () => {};

/** Resolves once the app's `ModalsProvider` listens (it is loaded after the first screen). */
export const modalsReady = new Promise<void>((resolve) => {
  resolveModalsReady = resolve;
});

export function markModalsReady(): void {
  resolveModalsReady();
}
