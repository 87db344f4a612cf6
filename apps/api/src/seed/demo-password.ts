/** The password of every demo account (README.md). */
export const DEMO_PASSWORD = 'demo-2026-welkom';
