import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PHOTO_LIMITS, PHOTO_MESSAGES, errorAnswerSchema, photoIdParamsSchema, photoUploadAnswerSchema } from '@plantride/schemas';
import { currentUser } from '../auth/auth.plugin';
import { forbidden, notFound } from '../commands/errors';
import { withoutMetadata } from './jpeg';
import { openPhotoStore, type PhotoStore } from './photo-store';

declare module 'fastify' {
  interface FastifyInstance {
    /** The photos drivers took with their reports (issue #34 item 3). */
    photos: PhotoStore;
  }
}

/**
 * What the route reads before it looks at the bytes: a phone that skipped the shrinking (or anything
 * else) up to this size is answered with the photo's own size message; past it, Fastify's 413.
 */
const UPLOAD_READ_LIMIT = 6 * PHOTO_LIMITS.maxBytes;

const routes: FastifyPluginAsyncZod = async (app) => {
  // On these routes only: any body but JSON is read as bytes, whatever type it names; the bytes say whether it is a JPEG.
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.put(
    '/api/photos/:photoId',
    {
      onRequest: app.requireRole('driver'),
      bodyLimit: UPLOAD_READ_LIMIT,
      schema: {
        params: photoIdParamsSchema,
        response: { 200: photoUploadAnswerSchema, 409: errorAnswerSchema, 413: errorAnswerSchema, 415: errorAnswerSchema },
      },
    },
    async (request, reply) => {
      const { body } = request;
      if (!Buffer.isBuffer(body)) return reply.code(415).send({ message: PHOTO_MESSAGES.notJpeg });
      if (body.length > PHOTO_LIMITS.maxBytes) return reply.code(413).send({ message: PHOTO_MESSAGES.tooLarge });
      // Its location goes whatever the phone did: the Exif and XMP segments are dropped before it is kept.
      const photo = withoutMetadata(body);
      if (!photo) return reply.code(415).send({ message: PHOTO_MESSAGES.notJpeg });
      const { photoId } = request.params;
      const outcome = await app.photos.put(photoId, currentUser(request).tokenNo, photo, new Date());
      if (outcome === 'taken') return reply.code(409).send({ message: PHOTO_MESSAGES.idTaken });
      return { photoId, bytes: photo.length };
    },
  );

  app.get(
    '/api/photos/:photoId',
    { onRequest: app.requireRole('driver', 'maintenanceHead', 'admin'), schema: { params: photoIdParamsSchema } },
    async (request, reply) => {
      const user = currentUser(request);
      const photo = await app.photos.get(request.params.photoId);
      // A driver sees his own photos only; whether another's exists is not his to learn.
      if (user.role === 'driver' && photo?.ownerId !== user.tokenNo) throw forbidden(PHOTO_MESSAGES.notYours);
      if (!photo) throw notFound(PHOTO_MESSAGES.notFound);
      return reply
        .header('content-type', 'image/jpeg')
        .header('cache-control', 'private, max-age=86400, immutable')
        .header('content-disposition', 'inline')
        .send(photo.bytes);
    },
  );
};

/** Issue #34 item 3: a driver's photos, uploaded one by one, served to him and to staff. */
export const photosRoutes = fp(
  async (app) => {
    app.decorate('photos', await openPhotoStore(app.database.db));
    await app.register(routes);
  },
  { name: 'photos', dependencies: ['database', 'auth'] },
);
