import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useState,
  type ReactNode,
} from 'react';

/** Where the chosen theme is kept. */
export const THEME_KEY = 'theme';

export type Theme = 'light' | 'dark';

interface ThemeState {
  theme: Theme;
  toggleTheme: () => void;
}

const ThemeContext = createContext<ThemeState | null>(null);

/** The theme the user chose, if they did. */
function storedTheme(): Theme | null {
  try {
    const t = localStorage.getItem(THEME_KEY);
    return t === 'dark' || t === 'light' ? t : null;
  } catch {
    return null;
  }
}

const DARK_QUERY = '(prefers-color-scheme: dark)';

/** The system's preference (prefers-color-scheme). */
function systemTheme(): Theme {
  return typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia(DARK_QUERY).matches
    ? 'dark'
    : 'light';
}

/** The stored choice, else the system's preference (public/theme.js decides the same before first paint). */
export function readStoredTheme(): Theme {
  return storedTheme() ?? systemTheme();
}

/**
 * Light/dark theme applied as a class on <html>: the user's choice, persisted in local storage
 * under 'theme' once they toggle; until then the system's preference, followed as it changes.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const [theme, setTheme] = useState<Theme>(readStoredTheme);
  useEffect(() => {
    document.documentElement.classList.toggle('dark', theme === 'dark');
    document.documentElement.style.colorScheme = theme;
  }, [theme]);
  // No choice stored: follow the system when it switches.
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return undefined;
    const mq = window.matchMedia(DARK_QUERY);
    const follow = () => {
      if (storedTheme() === null) setTheme(mq.matches ? 'dark' : 'light');
    };
    mq.addEventListener?.('change', follow);
    return () => mq.removeEventListener?.('change', follow);
  }, []);
  const toggleTheme = useCallback(
    () =>
      setTheme((t) => {
        const next = t === 'dark' ? 'light' : 'dark';
        try {
          localStorage.setItem(THEME_KEY, next);
        } catch {
          // Storage blocked: the choice lasts this visit.
        }
        return next;
      }),
    [],
  );
  return (
    <ThemeContext.Provider value={{ theme, toggleTheme }}>
      {children}
    </ThemeContext.Provider>
  );
}

export function useTheme(): ThemeState {
  const t = useContext(ThemeContext);
  if (!t) throw new Error('useTheme must be used inside <ThemeProvider>');
  return t;
}
