// jsdom has no matchMedia; tests flip `prefersDark` to simulate the OS setting.
export const media = { prefersDark: false };
