/** The public pages' texts of one language, picked from the app's texts at build time (`build/public-texts.ts`). */
declare module 'virtual:public-texts/*' {
  type Tree = { [key: string]: string | Tree };
  const texts: Tree;
  export default texts;
}
