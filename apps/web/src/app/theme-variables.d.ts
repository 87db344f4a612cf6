/** The theme's CSS variables, made at build time (`build/theme-variables.ts`). */
declare module 'virtual:theme-variables.css';
