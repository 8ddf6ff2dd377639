import { THUMBNAIL_FORMATS, type ThumbnailFormat, type UploadedImage } from './uploaded-images';

/** A thumbnail format as a URL names it, `{max_width}x{max_height}[-anim].{extension}`. */
interface RequestedFormat {
  readonly max_width: number;
  readonly max_height: number;
  readonly animated: boolean;
  readonly format: string;
}

/** The server's `BaseThumbnailFormat.from_string`: anchored at the end only, as `re.match` is. */
function parseFormat(name: string): RequestedFormat | undefined {
  const parts = /^(\d+)x(\d+)(-anim)?\.(\w+)$/.exec(name);
  if (!parts) return undefined;
  return { max_width: Number(parts[1]), max_height: Number(parts[2]), animated: parts[3] !== undefined, format: parts[4] ?? '' };
}

function sameFormat(a: RequestedFormat, b: RequestedFormat): boolean {
  return a.max_width === b.max_width && a.max_height === b.max_height && a.animated === b.animated && a.format === b.format;
}

/**
 * The rendered thumbnail closest to a requested one (`closest_thumbnail_format`): animation as
 * requested first, then the extension, then the width; the earliest rendered wins a tie. The
 * server also weighs the request's `Accept` and the files' sizes, which cannot tell apart the
 * mock's thumbnails: they are all WebP, and all the original's bytes.
 */
function closestFormat(requested: RequestedFormat, rendered: readonly ThumbnailFormat[]): ThumbnailFormat | undefined {
  const grade = (format: ThumbnailFormat) => [
    Number(format.animated !== requested.animated),
    Number(format.format !== requested.format),
    Math.abs(requested.max_width - format.max_width),
  ];
  let best: ThumbnailFormat | undefined;
  for (const format of rendered) {
    if (best === undefined) best = format;
    else {
      const [a, b] = [grade(format), grade(best)];
      const index = a.findIndex((value, at) => value !== b[at]);
      if (index !== -1 && (a[index] ?? 0) < (b[index] ?? 0)) best = format;
    }
  }
  return best;
}

/** The thumbnail a request gets, and whether the server must make the image's thumbnails first. */
export interface ServedThumbnail {
  readonly format: ThumbnailFormat;
  readonly makeNow: boolean;
}

/**
 * Which thumbnail `GET /user_uploads/thumbnail/{path}/{format}` serves for an uploaded image, as
 * the server's `serve_file` chooses: the format named, if it was rendered, or if it is one the
 * server makes for this image and the worker has not yet (then it makes them all at once); for a
 * name that parses as a format the server does not make for this image (an animated one of a
 * still image, another size or extension), the closest rendered one; undefined (404) for a name
 * that does not parse, or while nothing is rendered.
 */
export function servedThumbnail(image: UploadedImage, name: string): ServedThumbnail | undefined {
  const requested = parseFormat(name);
  if (!requested) return undefined;
  const rendered = image.ready ? image.thumbnails : [];
  const exact = rendered.find((format) => sameFormat(format, requested));
  if (exact) return { format: exact, makeNow: false };
  const current = THUMBNAIL_FORMATS.filter((format) => image.animated || !format.animated).find((format) => sameFormat(format, requested));
  if (current) return { format: current, makeNow: true };
  const closest = closestFormat(requested, rendered);
  return closest && { format: closest, makeNow: false };
}
