/** "Chrome on Linux" from a User-Agent header: enough for a person to recognise a session. */
export function describeUserAgent(userAgent: string): string {
  if (!userAgent) return 'Unknown device';
  const browser =
    [
      [/Edg(iOS|A)?\//, 'Edge'],
      [/CriOS\//, 'Chrome'],
      [/FxiOS\//, 'Firefox'],
      [/OPR\//, 'Opera'],
      [/HeadlessChrome\//, 'Headless Chrome'],
      [/Chrome\//, 'Chrome'],
      [/Firefox\//, 'Firefox'],
      [/Safari\//, 'Safari'],
      [/curl\//, 'curl'],
    ].find(([pattern]) => (pattern as RegExp).test(userAgent))?.[1] ?? 'A browser or app';
  const system =
    [
      [/Android/, 'Android'],
      [/iPhone|iPad|iOS/, 'iOS'],
      [/Windows/, 'Windows'],
      [/Mac OS X|Macintosh/, 'macOS'],
      [/CrOS/, 'ChromeOS'],
      [/Linux/, 'Linux'],
    ].find(([pattern]) => (pattern as RegExp).test(userAgent))?.[1] ?? undefined;
  return system ? `${browser} on ${system}` : String(browser);
}
