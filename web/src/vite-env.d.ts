/// <reference types="vite/client" />

/** The year of the build (web/vite.config.ts `define`); undefined where Vite did not compile the code (unit tests). */
declare const __BUILD_YEAR__: number | undefined;
