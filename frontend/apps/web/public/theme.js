// Apply the theme before first paint so dark mode does not flash: the stored choice, else the
// system's preference (prefers-color-scheme), as the app's ThemeProvider decides. It runs before
// the app's bundle, as a file of its own: the Content-Security-Policy refuses inline scripts.
try {
  const stored = localStorage.getItem('theme');
  const dark = stored ? stored === 'dark' : window.matchMedia('(prefers-color-scheme: dark)').matches;
  if (dark) document.documentElement.classList.add('dark');
} catch {
  // Storage blocked: the app applies the theme once it starts.
}
