import { useState } from 'react';
import { Icon } from './Icon';

interface Props {
  src: string;
  alt: string;
  className?: string;
}

/**
 * An image that never shows as broken: when its address fails to load, a neutral placeholder
 * with the same name for screen readers takes its place.
 */
export function SafeImage({ src, alt, className = '' }: Props) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <div role="img" aria-label={alt} data-testid="image-fallback" className={`flex items-center justify-center bg-slate-100 text-slate-400 dark:bg-slate-700 dark:text-slate-400 ${className}`}>
        <Icon name="grid" className="h-10 w-10" />
      </div>
    );
  }
  return <img src={src} alt={alt} className={className} onError={() => setFailed(true)} />;
}
