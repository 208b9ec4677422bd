import type { PfcDetailed } from '../../connections/plaid/pfc-taxonomy.ts';

/** Who a generated transaction is with: the clean merchant name Plaid shows, and the raw bank descriptor. */
export type Merchant = {
  name: string;
  website: string | null;
  /** The descriptor on the statement, e.g. "TST* LUIGIS TRATTORIA". */
  descriptor: string;
  category: PfcDetailed;
  channel: 'online' | 'in store' | 'other';
  /** Square/Toast-style descriptors: Plaid cleans the merchant name after posting. */
  enrichedLater?: boolean;
};

export type City = {
  city: string;
  region: string;
  postalCode: string;
  lat: number;
  lon: number;
  electricity: string;
};

export const HOME_CITIES: readonly City[] = [
  {
    city: 'San Francisco',
    region: 'CA',
    postalCode: '94110',
    lat: 37.7599,
    lon: -122.4148,
    electricity: 'PG&E',
  },
  {
    city: 'Brooklyn',
    region: 'NY',
    postalCode: '11215',
    lat: 40.6681,
    lon: -73.9806,
    electricity: 'Con Edison',
  },
  { city: 'Chicago', region: 'IL', postalCode: '60614', lat: 41.9227, lon: -87.6533, electricity: 'ComEd' },
  {
    city: 'Austin',
    region: 'TX',
    postalCode: '78704',
    lat: 30.2428,
    lon: -97.7658,
    electricity: 'Austin Energy',
  },
  {
    city: 'Seattle',
    region: 'WA',
    postalCode: '98103',
    lat: 47.6694,
    lon: -122.3419,
    electricity: 'Seattle City Light',
  },
  {
    city: 'Denver',
    region: 'CO',
    postalCode: '80205',
    lat: 39.7589,
    lon: -104.9661,
    electricity: 'Xcel Energy',
  },
  {
    city: 'Cambridge',
    region: 'MA',
    postalCode: '02139',
    lat: 42.3647,
    lon: -71.1042,
    electricity: 'Eversource',
  },
];

export const TRIP_CITIES: readonly City[] = [
  { city: 'New York', region: 'NY', postalCode: '10012', lat: 40.7255, lon: -73.9983, electricity: '' },
  { city: 'Los Angeles', region: 'CA', postalCode: '90028', lat: 34.1016, lon: -118.3267, electricity: '' },
  { city: 'Miami Beach', region: 'FL', postalCode: '33139', lat: 25.7826, lon: -80.1341, electricity: '' },
  { city: 'Honolulu', region: 'HI', postalCode: '96815', lat: 21.2793, lon: -157.8292, electricity: '' },
  { city: 'New Orleans', region: 'LA', postalCode: '70116', lat: 29.9584, lon: -90.0644, electricity: '' },
  { city: 'Nashville', region: 'TN', postalCode: '37203', lat: 36.1527, lon: -86.7898, electricity: '' },
  { city: 'San Diego', region: 'CA', postalCode: '92101', lat: 32.7157, lon: -117.1611, electricity: '' },
  { city: 'Portland', region: 'OR', postalCode: '97209', lat: 45.5272, lon: -122.6849, electricity: '' },
];

const m = (
  name: string,
  website: string | null,
  descriptor: string,
  category: PfcDetailed,
  channel: Merchant['channel'] = 'in store',
  enrichedLater = false,
): Merchant => ({ name, website, descriptor, category, channel, enrichedLater });

export const GROCERS = [
  m('Whole Foods Market', 'wholefoodsmarket.com', 'WHOLEFDS MKT #10234', 'FOOD_AND_DRINK_GROCERIES'),
  m("Trader Joe's", 'traderjoes.com', 'TRADER JOE S #552', 'FOOD_AND_DRINK_GROCERIES'),
  m('Safeway', 'safeway.com', 'SAFEWAY #1490', 'FOOD_AND_DRINK_GROCERIES'),
  m('Kroger', 'kroger.com', 'KROGER #00612', 'FOOD_AND_DRINK_GROCERIES'),
];

export const RESTAURANTS = [
  m("Luigi's Trattoria", null, 'TST* LUIGIS TRATTORIA', 'FOOD_AND_DRINK_RESTAURANT', 'in store', true),
  m('Sakura Sushi', null, 'SQ *SAKURA SUSHI', 'FOOD_AND_DRINK_RESTAURANT', 'in store', true),
  m('Pho Saigon', null, 'SQ *PHO SAIGON', 'FOOD_AND_DRINK_RESTAURANT', 'in store', true),
  m('The Smokehouse', null, 'TST* THE SMOKEHOUSE', 'FOOD_AND_DRINK_RESTAURANT', 'in store', true),
  m('Little Star Pizza', 'littlestarpizza.com', 'LITTLE STAR PIZZA', 'FOOD_AND_DRINK_RESTAURANT'),
  m('Blue Plate', null, 'SQ *BLUE PLATE', 'FOOD_AND_DRINK_RESTAURANT', 'in store', true),
  m('Taqueria El Sol', null, 'TST* TAQUERIA EL SOL', 'FOOD_AND_DRINK_RESTAURANT', 'in store', true),
  m('Olive Garden', 'olivegarden.com', 'OLIVE GARDEN 0044', 'FOOD_AND_DRINK_RESTAURANT'),
];

export const FAST_FOOD = [
  m('Chipotle Mexican Grill', 'chipotle.com', 'CHIPOTLE 1928', 'FOOD_AND_DRINK_FAST_FOOD'),
  m("McDonald's", 'mcdonalds.com', "MCDONALD'S F12345", 'FOOD_AND_DRINK_FAST_FOOD'),
  m('Shake Shack', 'shakeshack.com', 'SHAKE SHACK #1077', 'FOOD_AND_DRINK_FAST_FOOD'),
  m('Sweetgreen', 'sweetgreen.com', 'SWEETGREEN 118', 'FOOD_AND_DRINK_FAST_FOOD'),
];

export const COFFEE_SHOPS = [
  m('Starbucks', 'starbucks.com', 'STARBUCKS STORE 05821', 'FOOD_AND_DRINK_COFFEE'),
  m(
    'Blue Bottle Coffee',
    'bluebottlecoffee.com',
    'SQ *BLUE BOTTLE COFFE',
    'FOOD_AND_DRINK_COFFEE',
    'in store',
    true,
  ),
  m("Peet's Coffee", 'peets.com', 'PEETS COFFEE #0123', 'FOOD_AND_DRINK_COFFEE'),
  m('Corner Bakery Cafe', null, 'SQ *CORNER BAKERY CAF', 'FOOD_AND_DRINK_COFFEE', 'in store', true),
];

export const RIDES = [
  m('Uber', 'uber.com', 'UBER *TRIP HELP.UBER.COM', 'TRANSPORTATION_TAXIS_AND_RIDE_SHARES', 'online'),
  m('Lyft', 'lyft.com', 'LYFT *RIDE SUN 4PM', 'TRANSPORTATION_TAXIS_AND_RIDE_SHARES', 'online'),
];

export const GAS_STATIONS = [
  m('Shell', 'shell.com', 'SHELL OIL 57444', 'TRANSPORTATION_GAS'),
  m('Chevron', 'chevron.com', 'CHEVRON 0093847', 'TRANSPORTATION_GAS'),
];

export const SHOPS = {
  amazon: m(
    'Amazon',
    'amazon.com',
    'AMAZON MKTPL*2K4R81',
    'GENERAL_MERCHANDISE_ONLINE_MARKETPLACES',
    'online',
  ),
  target: m('Target', 'target.com', 'TARGET 00014', 'GENERAL_MERCHANDISE_SUPERSTORES'),
  clothing: [
    m('Uniqlo', 'uniqlo.com', 'UNIQLO USA LLC', 'GENERAL_MERCHANDISE_CLOTHING_AND_ACCESSORIES'),
    m('Nordstrom', 'nordstrom.com', 'NORDSTROM #0427', 'GENERAL_MERCHANDISE_CLOTHING_AND_ACCESSORIES'),
    m('REI', 'rei.com', 'REI #42', 'GENERAL_MERCHANDISE_SPORTING_GOODS'),
  ],
  electronics: [
    m('Best Buy', 'bestbuy.com', 'BEST BUY 00001234', 'GENERAL_MERCHANDISE_ELECTRONICS'),
    m('Apple', 'apple.com', 'APPLE STORE R102', 'GENERAL_MERCHANDISE_ELECTRONICS'),
  ],
  home: [
    m('IKEA', 'ikea.com', 'IKEA EMERYVILLE', 'HOME_IMPROVEMENT_FURNITURE'),
    m('The Home Depot', 'homedepot.com', 'THE HOME DEPOT #0611', 'HOME_IMPROVEMENT_HARDWARE'),
  ],
  books: m(
    'Barnes & Noble',
    'barnesandnoble.com',
    'BARNES & NOBLE #2660',
    'GENERAL_MERCHANDISE_BOOKSTORES_AND_NEWSSTANDS',
  ),
  pets: m('Chewy', 'chewy.com', 'CHEWY.COM', 'GENERAL_MERCHANDISE_PET_SUPPLIES', 'online'),
  pharmacy: [
    m('CVS Pharmacy', 'cvs.com', 'CVS/PHARMACY #04512', 'MEDICAL_PHARMACIES_AND_SUPPLEMENTS'),
    m('Walgreens', 'walgreens.com', 'WALGREENS #7921', 'MEDICAL_PHARMACIES_AND_SUPPLEMENTS'),
  ],
  haircut: m(
    "Floyd's 99 Barbershop",
    'floydsbarbershop.com',
    "SQ *FLOYD'S 99 BARBER",
    'PERSONAL_CARE_HAIR_AND_BEAUTY',
    'in store',
    true,
  ),
  movies: m('AMC Theatres', 'amctheatres.com', 'AMC 4012 ONLINE', 'ENTERTAINMENT_TV_AND_MOVIES', 'online'),
  donation: m(
    'American Red Cross',
    'redcross.org',
    'AMERICAN RED CROSS',
    'GOVERNMENT_AND_NON_PROFIT_DONATIONS',
    'online',
  ),
} as const;

export const SUBSCRIPTIONS = {
  netflix: m('Netflix', 'netflix.com', 'NETFLIX.COM', 'ENTERTAINMENT_TV_AND_MOVIES', 'online'),
  spotify: m('Spotify', 'spotify.com', 'SPOTIFY USA', 'ENTERTAINMENT_MUSIC_AND_AUDIO', 'online'),
  icloud: m(
    'Apple iCloud',
    'apple.com',
    'APPLE.COM/BILL',
    'GENERAL_SERVICES_OTHER_GENERAL_SERVICES',
    'online',
  ),
  internet: m(
    'Comcast Xfinity',
    'xfinity.com',
    'COMCAST XFINITY',
    'RENT_AND_UTILITIES_INTERNET_AND_CABLE',
    'online',
  ),
  phone: m('Verizon Wireless', 'verizon.com', 'VZWRLSS*APOCC VISB', 'RENT_AND_UTILITIES_TELEPHONE', 'online'),
  insurance: m(
    'Lemonade Insurance',
    'lemonade.com',
    'LEMONADE I* LEMONADE',
    'GENERAL_SERVICES_INSURANCE',
    'online',
  ),
} as const;

export const GYMS = [
  {
    merchant: m(
      'Planet Fitness',
      'planetfitness.com',
      'PLANET FITNESS',
      'PERSONAL_CARE_GYMS_AND_FITNESS_CENTERS',
      'other',
    ),
    monthly: 24.99,
  },
  {
    merchant: m(
      'Crunch Fitness',
      'crunch.com',
      'CRUNCH FITNESS',
      'PERSONAL_CARE_GYMS_AND_FITNESS_CENTERS',
      'other',
    ),
    monthly: 34.99,
  },
  {
    merchant: m('Equinox', 'equinox.com', 'EQUINOX #122', 'PERSONAL_CARE_GYMS_AND_FITNESS_CENTERS', 'other'),
    monthly: 235,
  },
];

export const AIRLINES = [
  m('Delta Air Lines', 'delta.com', 'DELTA AIR 0062345678901', 'TRAVEL_FLIGHTS', 'online'),
  m('United Airlines', 'united.com', 'UNITED 0162345678901', 'TRAVEL_FLIGHTS', 'online'),
  m('Southwest Airlines', 'southwest.com', 'SOUTHWES 5262345678901', 'TRAVEL_FLIGHTS', 'online'),
  m('JetBlue', 'jetblue.com', 'JETBLUE 2792345678901', 'TRAVEL_FLIGHTS', 'online'),
];

export const HOTELS = [
  m('Marriott', 'marriott.com', 'MARRIOTT DOWNTOWN', 'TRAVEL_LODGING'),
  m('Hilton', 'hilton.com', 'HILTON HOTELS', 'TRAVEL_LODGING'),
  m('Airbnb', 'airbnb.com', 'AIRBNB * HMQ2X8Z4', 'TRAVEL_LODGING', 'online'),
  m('Hyatt', 'hyatt.com', 'HYATT REGENCY', 'TRAVEL_LODGING'),
];

export const EMPLOYERS = [
  'Northwind Traders',
  'Contoso Ltd',
  'Fabrikam Inc',
  'Tailwind Labs',
  'Globex Health',
];
export const LANDLORDS = ['Avalon Communities', 'Greystar', 'Equity Residential', 'Essex Property Trust'];
