/** The 404 text for a path: shown by the error page, and thrown by loaders that find nothing. */
export const notFoundMessage = (path: string) => `Page not found: ${path}`;
