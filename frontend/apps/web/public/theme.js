// Apply the stored theme before first paint so dark mode does not flash. It runs before the
// app's bundle, as a file of its own: the Content-Security-Policy refuses inline scripts.
try {
  if (localStorage.getItem('theme') === 'dark') document.documentElement.classList.add('dark');
} catch {
  // Storage blocked: the app applies the theme once it starts.
}
