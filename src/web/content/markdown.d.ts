declare module '*.md' {
  const document: import('./markdown-document').MarkdownDocument;
  export default document;
}
