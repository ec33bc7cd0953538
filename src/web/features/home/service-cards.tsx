import type { ComponentType, SVGProps } from 'react';
import { ArrowRight, BriefcaseBusiness, CodeXml, Megaphone, Palette } from 'lucide-react';
import { Link } from 'react-router';
import { ButtonLink } from '../../components/ui/button';

interface Service {
  name: string;
  price: string;
  /** Shown as 'from {price}' unless the service is free. */
  from: boolean;
  description: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  tint: string;
}

/** Spec §2/§9 service teasers: names and starting prices. */
export const SERVICES: Service[] = [
  {
    name: 'Identity & Design',
    price: '$10',
    from: true,
    description: 'Logos, brand systems and print-ready assets that make you recognisable everywhere.',
    icon: Palette,
    tint: 'bg-pink-50 text-pink-700',
  },
  {
    name: 'Web Development',
    price: '$100',
    from: true,
    description: 'Fast, search-friendly websites and web apps built to turn visitors into leads.',
    icon: CodeXml,
    tint: 'bg-brand-50 text-brand-700',
  },
  {
    name: 'Media Planning & Buying',
    price: '$150',
    from: true,
    description: 'Campaigns planned across search, social and display, with spend tied to results.',
    icon: Megaphone,
    tint: 'bg-amber-50 text-amber-800',
  },
  {
    name: 'Job Placement',
    price: 'Free',
    from: false,
    description: 'We match skilled designers, developers and marketers with the teams that need them.',
    icon: BriefcaseBusiness,
    tint: 'bg-green-50 text-green-800',
  },
];

/** The #products anchor: the four service cards, each with 'See More' into the contact form. */
export function ServiceCards() {
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
          {SERVICES.map((service) => (
            <li
              key={service.name}
              className="group flex flex-col rounded-2xl border border-line bg-white p-6 shadow-sm transition-shadow hover:shadow-md"
            >
              <span className={`grid size-12 place-items-center rounded-xl ${service.tint}`}>
                <service.icon className="size-6" aria-hidden />
              </span>
              <h3 className="mt-5 text-lg font-semibold text-ink">{service.name}</h3>
              <p className="mt-2 flex-1 text-sm leading-6 text-muted">{service.description}</p>
              <p className="mt-5 text-sm text-muted">
                {service.from ? (
                  <>
                    from <span className="text-2xl font-bold text-ink">{service.price}</span>
                  </>
                ) : (
                  <span className="text-2xl font-bold text-green-800">{service.price}</span>
                )}
              </p>
              <ButtonLink
                to={`/contact?service=${encodeURIComponent(service.name)}`}
                variant="secondary"
                className="mt-5 w-full"
              >
                See More<span className="sr-only"> about {service.name}</span>
                <ArrowRight className="size-4" aria-hidden />
              </ButtonLink>
            </li>
          ))}
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
