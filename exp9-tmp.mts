import { getResponse, http, HttpResponse } from 'msw';
for (const base of ['*', 'http://x.test']) {
  const h = [http.all(`${base}/api/v1/*`, ({ request }) => HttpResponse.text('hit ' + new URL(request.url).pathname))];
  for (const u of ['http://x.test/api/v1/', 'http://x.test/api/v1', 'http://X.TEST/api/v1/a', 'http://x.test:80/api/v1/a', 'http://y.test/api/v1/a', 'http://x.test/api/v1/a?b=1#c', 'http://x.test/API/v1/a', 'http://x.test/api/v12/a', 'https://x.test/api/v1/a', 'http://user:pw@x.test/api/v1/a']) {
    const r = await getResponse(h, new Request(u));
    console.log(base, u, await r?.text());
  }
}
