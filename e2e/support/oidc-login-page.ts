const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The local provider's sign-in page: one e-mail field, a submit and a cancel button. */
export function loginPage(action: string, prompt: string, problem?: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Local identity provider</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 22rem; color: #1a1a1a; background: #fff }
  label, input, button { display: block; width: 100%; box-sizing: border-box; font-size: 1rem }
  input { margin: .25rem 0 1rem; padding: .5rem }
  button { padding: .6rem; margin-top: .5rem }
  .problem { color: #a4000f }
</style>
</head>
<body>
<h1>Local identity provider</h1>
<p>A test sign-in for Shopdesk (${escapeHtml(prompt)}). Any address works; one containing
<code>+unverified</code> is reported as not verified.</p>
${problem ? `<p class="problem" role="alert">${escapeHtml(problem)}</p>` : ''}
<form method="post" action="${escapeHtml(action)}">
  <label for="email">E-mail address</label>
  <input id="email" name="email" type="email" autocomplete="email" autofocus>
  <button type="submit">Continue</button>
  <button type="submit" name="cancel" value="1" formnovalidate>Cancel</button>
</form>
</body>
</html>
`;
}
