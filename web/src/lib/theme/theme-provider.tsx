import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  THEME_STORAGE_KEY,
  applyTheme,
  readStoredTheme,
  resolveTheme,
  storeTheme,
  systemPrefersDark,
  watchSystemTheme,
  type ResolvedTheme,
  type ThemePreference,
} from './theme';
import { useHydrated } from '../hydration';

interface ThemeContextValue {
  theme: ThemePreference;
  resolvedTheme: ResolvedTheme;
  setTheme: (theme: ThemePreference) => void;
  /** Switches between dark and light (leaving "system" once the user chooses). */
  toggleTheme: () => void;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [theme, setThemeState] = useState<ThemePreference>(readStoredTheme);
  const [prefersDark, setPrefersDark] = useState(systemPrefersDark);
  const resolvedTheme = resolveTheme(theme, prefersDark);

  useEffect(() => applyTheme(resolvedTheme), [resolvedTheme]);

  useEffect(() => watchSystemTheme(() => setPrefersDark(systemPrefersDark())), []);

  // Keep tabs in step.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === THEME_STORAGE_KEY || event.key === null) setThemeState(readStoredTheme());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const setTheme = useCallback((next: ThemePreference) => {
    storeTheme(next);
    setThemeState(next);
  }, []);

  const toggleTheme = useCallback(() => {
    setTheme(resolvedTheme === 'dark' ? 'light' : 'dark');
  }, [resolvedTheme, setTheme]);

  // A pre-rendered page was rendered without a browser (no stored choice, no system theme): while it hydrates,
  // components see what the server saw ('system', light); <html>'s class (theme-init.js, applyTheme above) is the real
  // theme throughout, so what must look right from the first paint is styled with `dark:` (theme-toggle.tsx).
  const hydrated = useHydrated();
  const value = useMemo(
    () => (hydrated ? { theme, resolvedTheme, setTheme, toggleTheme } : { theme: 'system' as const, resolvedTheme: 'light' as const, setTheme, toggleTheme }),
    [hydrated, theme, resolvedTheme, setTheme, toggleTheme],
  );
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeContextValue {
  const value = useContext(ThemeContext);
  if (!value) throw new Error('useTheme must be used inside <ThemeProvider>');
  return value;
}
