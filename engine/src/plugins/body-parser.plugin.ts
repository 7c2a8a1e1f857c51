import fp from 'fastify-plugin';

/**
 * JSON bodies as Fastify reads them, except that an empty one under a JSON content type is no
 * body at all: the spec's client sends `Content-Type: application/json` on every call, body-less
 * ones included (logout, cancel), and Fastify would refuse those with 400.
 */
export const bodyParserPlugin = fp(
  async (app) => {
    const json = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = body as string;
      if (text.trim() === '') done(null, undefined);
      else void json(request, text, done);
    });
  },
  { name: 'body-parser' },
);
