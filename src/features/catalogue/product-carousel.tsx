import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { useState } from 'react';
import Lightbox from 'yet-another-react-lightbox';
import 'yet-another-react-lightbox/styles.css';
import { Button } from '../../ui/button/Button';
import { CarouselControls, Slide, Slides, SlideTrack } from './product-details.styles';

const AUTOPLAY_MS = 4000;

/**
 * The product's images: an autoplaying carousel (swipe on a touch screen, buttons
 * otherwise) whose images open in a lightbox. Autoplay stops on interaction.
 */
export function ProductCarousel({ images, code }: { images: string[]; code: string }) {
  const [viewport, embla] = useEmblaCarousel({ loop: true }, [Autoplay({ delay: AUTOPLAY_MS, stopOnInteraction: true })]);
  const [open, setOpen] = useState<number>(-1);
  // Inside the drawer (a modal dialog) the lightbox must open within it, or the dialog's
  // focus trap and outside-click guard would keep the user from using it.
  const [portalRoot, setPortalRoot] = useState<HTMLDivElement | null>(null);
  if (images.length === 0) return null;
  return (
    <section aria-label="Product images" aria-roledescription="carousel">
      <Slides ref={viewport}>
        <SlideTrack>
          {images.map((src, i) => (
            <Slide key={src + i} aria-label={`Open image ${i + 1} of ${images.length}`} onClick={() => setOpen(i)}>
              <img src={src} alt={`${code} image ${i + 1}`} loading="lazy" />
            </Slide>
          ))}
        </SlideTrack>
      </Slides>
      {images.length > 1 && (
        <CarouselControls>
          <Button variant="text" onClick={() => embla?.scrollPrev()}>
            Previous image
          </Button>
          <Button variant="text" onClick={() => embla?.scrollNext()}>
            Next image
          </Button>
        </CarouselControls>
      )}
      {/* Escape in the lightbox closes the lightbox, not the drawer around it. */}
      <div ref={setPortalRoot} data-own-escape="" />
      <Lightbox
        open={open >= 0 && portalRoot !== null}
        index={Math.max(open, 0)}
        close={() => setOpen(-1)}
        slides={images.map((src) => ({ src, alt: code }))}
        portal={{ root: portalRoot }}
      />
    </section>
  );
}
