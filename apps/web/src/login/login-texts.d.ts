/** The login page's texts of both languages, picked from the app's texts at build time (`build/login-texts.ts`). */
declare module 'virtual:login-texts' {
  type Tree = { [key: string]: string | Tree };
  const texts: { nl: Tree; en: Tree };
  export default texts;
}
