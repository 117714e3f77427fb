import { useState } from 'react';
import { initials } from '../../lib/format.ts';
import { remoteImageSrc } from '../../lib/remote-image.ts';

// A stable hue per name, so the same contact keeps the same colour everywhere.
function hue(name: string): number {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return hash % 360;
}

export function Avatar({
  name,
  url,
  size = 44,
}: {
  name: string;
  url: string | null;
  size?: number;
}) {
  const [broken, setBroken] = useState<string | null>(null);
  const src = remoteImageSrc(url);
  const showImage = src !== null && broken !== url;
  return (
    <span
      className="avatar"
      aria-hidden="true"
      data-hue={hue(name) % 12}
      style={{ width: size, height: size, fontSize: size * 0.4 }}
    >
      {showImage ? (
        <img
          src={src}
          alt=""
          width={size}
          height={size}
          loading="lazy"
          referrerPolicy="no-referrer"
          onError={() => setBroken(url)}
        />
      ) : (
        initials(name)
      )}
    </span>
  );
}
