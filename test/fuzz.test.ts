import { describe, expect, it } from 'vitest';
import { fuzzInProcess } from './fuzz/run';

// A fixed-seed slice: the same requests on every run, so a failure repeats. `npm run fuzz` runs
// many more, with a seed per run.
const RUNS = Number(process.env.FUZZ_RUNS ?? 400);

describe('fuzzing every route in-process (fast-check, fixed seed)', () => {
  it('answers every request with the envelope and a known code, never a 5xx, and keeps the store consistent', async () => {
    const report = await fuzzInProcess(RUNS, 20261124);
    expect(report.errorsLogged).toEqual([]);
    expect([...report.tried.values()].reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(RUNS);
  }, 120_000);
});

describe('the fuzzer\'s checks can fail', () => {
  it('flags a 500, a body that is not the envelope, an unknown code', async () => {
    const { answerProblem } = await import('./fuzz/properties');
    const request = { category: 'x', method: 'GET', path: '/api/v1/x', headers: {} };
    expect(answerProblem(request, 500, '{"result":"error","msg":"Internal server error"}')).toMatch(/^HTTP 500/);
    expect(answerProblem(request, 200, '<html>')).toMatch(/^not JSON/);
    expect(answerProblem(request, 400, '{"result":"error","msg":"x","code":"MADE_UP"}')).toBe('unknown code MADE_UP');
    expect(answerProblem(request, 400, '{"result":"error","msg":"x","code":"BAD_REQUEST"}')).toBeUndefined();
    // The server's 404 page for a path it does not route is no envelope, and only that page passes.
    const { notFoundPage } = await import('../mock/http/not-found-page');
    expect(answerProblem(request, 404, await notFoundPage().text())).toBeUndefined();
    expect(answerProblem(request, 404, '<html>Oops</html>')).toMatch(/^not JSON/);
    // The CSRF failure page of a view outside the API, and the Camo proxy's plain text, only there.
    const { csrfFailurePage } = await import('../mock/http/csrf-failure-page');
    const root = { category: 'x', method: 'POST', path: '/compatibility', headers: {} };
    expect(answerProblem(root, 403, await csrfFailurePage().text())).toBeUndefined();
    expect(answerProblem(root, 403, '<html>Forbidden</html>')).toMatch(/^not JSON/);
    expect(answerProblem({ ...root, method: 'GET', path: '/external_content/00/41' }, 403, 'Bad Signature\n')).toBeUndefined();
    expect(answerProblem({ ...root, method: 'GET', path: '/external_content/00/41' }, 500, 'Internal Server Error')).toMatch(/^HTTP 500/);
    expect(answerProblem(request, 403, 'Bad Signature\n')).toMatch(/^not JSON/);
    // The API is exempt from the CSRF check: the page there is a defect.
    expect(answerProblem({ ...request, method: 'POST' }, 403, await csrfFailurePage().text())).toMatch(/^not JSON/);
    // go-camo answers an empty 200 (its health check), a 302 or Go's one-line `http.Error`, never a page or a body.
    const camo = { ...root, method: 'GET', path: '/external_content/00/41' };
    expect(answerProblem({ ...camo, path: '/external_content/healthcheck' }, 200, '')).toBeUndefined();
    expect(answerProblem(camo, 404, '<html><title>Not Found</title></html>')).toMatch(/^not JSON/);
    expect(answerProblem(camo, 200, 'hello')).toMatch(/^not JSON/);
    expect(answerProblem(camo, 400, 'Bad url\nBad url\n')).toMatch(/^not JSON/);
    // The request that finishes a tus upload (the creation of an empty one, or the last PATCH) gets the attachment, and only that request.
    const finished = '{"url":"/user_uploads/2/ab/x.txt","filename":"x.txt"}';
    const tus = { category: 'x', method: 'POST', path: '/api/v1/tus/', headers: {} };
    expect(answerProblem(tus, 200, finished)).toBeUndefined();
    expect(answerProblem({ ...tus, method: 'PATCH', path: '/api/v1/tus/abc' }, 200, finished)).toBeUndefined();
    expect(answerProblem({ ...tus, method: 'GET', path: '/api/v1/tus/abc' }, 200, finished)).toMatch(/^no envelope/);
    expect(answerProblem(tus, 200, '{"url":"/user_uploads/2/ab/x.txt","filename":"x.txt","size":0}')).toMatch(/^no envelope/);
    expect(answerProblem(tus, 200, '{"url":"https://elsewhere/x.txt","filename":"x.txt"}')).toMatch(/^no envelope/);
    expect(answerProblem({ ...request, method: 'POST' }, 200, finished)).toMatch(/^no envelope/);
    // A redirect has no body; one with a page is no answer of the server's.
    expect(answerProblem(request, 302, '')).toBeUndefined();
    expect(answerProblem(request, 302, '<html>moved</html>')).toMatch(/^not JSON/);
  });

  it('flags a copy of a message for a user who does not exist, and a subscriber index out of step', async () => {
    const { invariantProblems } = await import('./fuzz/properties');
    const { fuzzRealm } = await import('./fuzz/run');
    const { mock } = fuzzRealm();
    expect(invariantProblems(mock)).toEqual([]);
    const message = mock.store.tables.message.all()[0];
    if (!message) throw new Error('the default realm has messages');
    mock.store.userMessages.add(99_999, message.id);
    expect(invariantProblems(mock)).toEqual([`message ${message.id} has a copy for unknown user 99999`]);
  });
});
