/** The signed-in shell's texts of one language, picked from the area files at build time (`build/shell-texts.ts`). */
declare module 'virtual:shell-texts/*' {
  type Tree = { [key: string]: string | Tree };
  const texts: Tree;
  export default texts;
}
