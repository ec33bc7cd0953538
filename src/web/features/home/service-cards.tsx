import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { useSiteSettings } from '../../lib/site-settings';
import { ButtonLink } from '../../components/ui/button';
import { SERVICE_ICON_STYLES } from '../../components/site/service-icons';

/**
 * The #products anchor: the service cards (docs/product/public-site.md#home-page: the four services and their starting prices, or
 * the visible ones of the Web Settings, in their order), each with 'See More' into the contact form.
 */
export function ServiceCards() {
  const services = useSiteSettings().services.filter((service) => service.visible);
  return (
    <section
      id="products"
      aria-labelledby="products-heading"
      className="scroll-mt-16 bg-canvas py-16 outline-none sm:py-20"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <div className="max-w-2xl">
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">Products</p>
          <h2 id="products-heading" className="mt-2 text-3xl font-bold tracking-tight text-ink sm:text-4xl">
            Everything your brand needs, under one roof
          </h2>
          <p className="mt-4 text-lg text-muted">
            Pick a service to start with. Every project is tracked in your own dashboard, from the first brief
            to the final invoice.
          </p>
        </div>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {services.map((service, index) => {
            const { icon: Icon, tint } = SERVICE_ICON_STYLES[service.icon] ?? SERVICE_ICON_STYLES.palette;
            return (
              <li
                key={index}
                className="group flex flex-col rounded-2xl border border-line bg-white p-6 shadow-sm transition-shadow hover:shadow-md"
              >
                <span className={`grid size-12 place-items-center rounded-xl ${tint}`}>
                  <Icon className="size-6" aria-hidden />
                </span>
                <h3 className="mt-5 break-words text-lg font-semibold text-ink">{service.title}</h3>
                <p className="mt-2 flex-1 text-sm leading-6 text-muted">{service.description}</p>
                {service.price && (
                  <p className="mt-5 text-sm text-muted">
                    {service.from ? (
                      <>
                        from <span className="text-2xl font-bold text-ink">{service.price}</span>
                      </>
                    ) : (
                      <span className="text-2xl font-bold text-green-800">{service.price}</span>
                    )}
                  </p>
                )}
                <ButtonLink
                  to={`/contact?service=${encodeURIComponent(service.title)}`}
                  variant="secondary"
                  className="mt-5 w-full"
                >
                  See More<span className="sr-only"> about {service.title}</span>
                  <ArrowRight className="size-4" aria-hidden />
                </ButtonLink>
              </li>
            );
          })}
        </ul>
        <p className="mt-10 text-center text-sm text-muted">
          Running the business side too?{' '}
          <Link to="/pricing" className="font-semibold text-brand-700 underline-offset-4 hover:underline">
            Compare dashboard plans
          </Link>
        </p>
      </div>
    </section>
  );
}
