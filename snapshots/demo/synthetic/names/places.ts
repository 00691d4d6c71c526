// Towns, postcode shapes and address layouts by country, for registered offices and residential addresses.
import type { CountryCode } from '../countries.js';
import { list } from './list.js';

/**
 * How a country writes an address: `gb` number street, town, postcode; `us` adds a suite and a state;
 * `post-first` street number, postcode town (DE, CH, NL, PL …); `fr` number street, postcode town;
 * `agent` a registered agent's building, street, town; `plain` number street, town postcode.
 */
export type AddressStyle = 'gb' | 'us' | 'post-first' | 'fr' | 'agent' | 'plain';

export interface Place {
  readonly style: AddressStyle;
  readonly towns: readonly string[];
  /** `#` a digit, `@` a letter; omitted where addresses carry no postcode. */
  readonly postcode?: string;
  readonly streets?: readonly string[];
}

/** Britain: towns with their postcode areas. */
export const GB_TOWNS: ReadonlyArray<readonly [town: string, area: string]> = [
  ['London', 'EC'],
  ['London', 'WC'],
  ['London', 'W'],
  ['London', 'SW'],
  ['London', 'SE'],
  ['London', 'E'],
  ['London', 'N'],
  ['London', 'NW'],
  ['Manchester', 'M'],
  ['Birmingham', 'B'],
  ['Leeds', 'LS'],
  ['Glasgow', 'G'],
  ['Edinburgh', 'EH'],
  ['Bristol', 'BS'],
  ['Liverpool', 'L'],
  ['Sheffield', 'S'],
  ['Cardiff', 'CF'],
  ['Newcastle upon Tyne', 'NE'],
  ['Nottingham', 'NG'],
  ['Leicester', 'LE'],
  ['Southampton', 'SO'],
  ['Brighton', 'BN'],
  ['Reading', 'RG'],
  ['Cambridge', 'CB'],
  ['Oxford', 'OX'],
  ['Milton Keynes', 'MK'],
  ['Belfast', 'BT'],
  ['Aberdeen', 'AB'],
  ['York', 'YO'],
  ['Norwich', 'NR'],
  ['Exeter', 'EX'],
  ['Watford', 'WD'],
  ['Luton', 'LU'],
  ['Croydon', 'CR'],
  ['Harrow', 'HA'],
  ['Ilford', 'IG'],
  ['Slough', 'SL'],
  ['Guildford', 'GU'],
  ['Chelmsford', 'CM'],
  ['Bournemouth', 'BH'],
  ['Swansea', 'SA'],
  ['Derby', 'DE'],
  ['Coventry', 'CV'],
  ['Stoke-on-Trent', 'ST'],
  ['Preston', 'PR'],
  ['Bolton', 'BL'],
];

/** Words for British company names beyond town names: rivers, hills, old kingdoms. */
export const GB_NAME_PLACES = list(`Thames, Severn, Pennine, Cotswold, Mercia, Wessex, Northumbria, Chiltern, Mendip,
  Solent, Humber, Tyne, Clyde, Trent, Avon, Medway, Cheviot, Malvern, Albion, Caledonia, Cambria, Dartmoor, Exmoor,
  Fenland, Grampian, Lomond, Ouse, Wye, Tamar, Kennet, Calder, Ribble, Mersey, Derwent, Eden, Lune`);

export const PLACES: Readonly<Record<Exclude<CountryCode, 'GB'>, Place>> = {
  IE: { style: 'gb', towns: list('Dublin 2, Dublin 4, Cork, Galway, Limerick, Waterford'), postcode: '@## @#@#' },
  JE: { style: 'gb', towns: list('St Helier, St Brelade, St Saviour'), postcode: 'JE# #@@' },
  GG: { style: 'gb', towns: list('St Peter Port, St Sampson'), postcode: 'GY# #@@' },
  IM: { style: 'gb', towns: list('Douglas, Ramsey, Castletown'), postcode: 'IM# #@@' },
  MT: { style: 'plain', towns: list('Valletta, Sliema, St Julian’s'), postcode: '@@@ ####' },
  BM: {
    style: 'agent',
    towns: list('Hamilton'),
    postcode: 'HM ##',
    streets: list('Front Street, Church Street, Reid Street'),
  },
  US: {
    style: 'us',
    towns: list(`New York NY, Wilmington DE, Dover DE, Cheyenne WY, Miami FL, Houston TX, Los Angeles CA, Chicago IL,
      Boston MA, Las Vegas NV, Reno NV, San Francisco CA, Seattle WA, Atlanta GA, Austin TX, Sheridan WY`),
    postcode: '#####',
  },
  VG: {
    style: 'agent',
    towns: list('Road Town, Tortola'),
    postcode: 'VG1110',
    streets: list('Wickhams Cay I, Wickhams Cay II, Main Street, Waterfront Drive, Flemming Street'),
  },
  KY: {
    style: 'agent',
    towns: list('George Town, Grand Cayman'),
    postcode: 'KY1-11##',
    streets: list('Elgin Avenue, Fort Street, Shedden Road, Harbour Drive, Cricket Square'),
  },
  BS: {
    style: 'agent',
    towns: list('Nassau'),
    streets: list('Bay Street, East Bay Street, Shirley Street, West Bay Street'),
  },
  SC: {
    style: 'agent',
    towns: list('Victoria, Mahé'),
    streets: list('Francis Rachel Street, Providence Estate, Eden Island'),
  },
  BZ: { style: 'agent', towns: list('Belize City'), streets: list('Newtown Barracks, Regent Street, Albert Street') },
  MH: { style: 'agent', towns: list('Majuro'), postcode: 'MH 96960', streets: list('Ajeltake Road, Ajeltake Island') },
  PA: {
    style: 'agent',
    towns: list('Panama City'),
    streets: list('Calle 50, Avenida Balboa, Calle Aquilino de la Guardia, Avenida Samuel Lewis'),
  },
  LR: { style: 'agent', towns: list('Monrovia'), streets: list('Broad Street, Tubman Boulevard') },
  CY: { style: 'plain', towns: list('Limassol, Nicosia, Larnaca, Paphos'), postcode: '####' },
  LI: {
    style: 'post-first',
    towns: list('Vaduz, Schaan, Balzers'),
    postcode: '94##',
    streets: list('Städtle, Aeulestrasse, Landstrasse, Kirchstrasse'),
  },
  AE: {
    style: 'plain',
    towns: list('Dubai, Abu Dhabi, Sharjah, Ras Al Khaimah'),
    streets: list(
      'Sheikh Zayed Road, Al Wasl Road, Jumeirah Beach Road, Corniche Road, Hamdan Street, Al Maktoum Road, Al Khaleej Street, Jumeirah Lake Towers, Dubai Marina',
    ),
  },
  DE: {
    style: 'post-first',
    towns: list(
      'Berlin, Hamburg, München, Köln, Frankfurt am Main, Stuttgart, Düsseldorf, Leipzig, Dortmund, Bremen, Hannover, Nürnberg',
    ),
    postcode: '#####',
  },
  AT: { style: 'post-first', towns: list('Wien, Graz, Linz, Salzburg, Innsbruck'), postcode: '####' },
  CH: { style: 'post-first', towns: list('Zürich, Genève, Basel, Zug, Lugano, Bern, Lausanne'), postcode: '####' },
  NL: { style: 'post-first', towns: list('Amsterdam, Rotterdam, Den Haag, Utrecht, Eindhoven'), postcode: '#### @@' },
  FR: {
    style: 'fr',
    towns: list('Paris, Lyon, Marseille, Toulouse, Nice, Nantes, Strasbourg, Bordeaux, Lille, Rennes'),
    postcode: '#####',
  },
  BE: { style: 'fr', towns: list('Bruxelles, Antwerpen, Liège, Gent, Namur'), postcode: '####' },
  LU: { style: 'fr', towns: list('Luxembourg, Esch-sur-Alzette, Differdange, Strassen'), postcode: 'L-####' },
  ES: {
    style: 'post-first',
    towns: list('Madrid, Barcelona, Valencia, Sevilla, Málaga, Bilbao, Marbella'),
    postcode: '#####',
  },
  MX: { style: 'post-first', towns: list('Ciudad de México, Guadalajara, Monterrey, Puebla'), postcode: '#####' },
  AR: { style: 'plain', towns: list('Buenos Aires, Córdoba, Rosario, Mendoza'), postcode: '@####@@@' },
  CO: { style: 'plain', towns: list('Bogotá, Medellín, Cali, Barranquilla') },
  VE: { style: 'plain', towns: list('Caracas, Maracaibo, Valencia') },
  IT: { style: 'post-first', towns: list('Milano, Roma, Torino, Napoli, Firenze, Bologna, Genova'), postcode: '#####' },
  PT: { style: 'post-first', towns: list('Lisboa, Porto, Braga, Faro, Coimbra'), postcode: '####-###' },
  BR: {
    style: 'plain',
    towns: list('São Paulo, Rio de Janeiro, Belo Horizonte, Brasília, Curitiba, Porto Alegre'),
    postcode: '#####-###',
  },
  PL: { style: 'post-first', towns: list('Warszawa, Kraków, Łódź, Wrocław, Poznań, Gdańsk'), postcode: '##-###' },
  RU: {
    style: 'plain',
    towns: list('Moscow, Saint Petersburg, Yekaterinburg, Kazan, Novosibirsk, Sochi, Rostov-on-Don'),
    postcode: '1#####',
  },
  BY: { style: 'plain', towns: list('Minsk, Gomel, Brest'), postcode: '2#####' },
  KZ: { style: 'plain', towns: list('Almaty, Astana, Shymkent'), postcode: '0#####' },
  UA: { style: 'plain', towns: list('Kyiv, Odesa, Lviv, Kharkiv, Dnipro'), postcode: '0####' },
  CN: {
    style: 'plain',
    towns: list('Shanghai, Beijing, Shenzhen, Guangzhou, Hangzhou, Chengdu, Tianjin'),
    postcode: '######',
  },
  HK: {
    style: 'plain',
    towns: list('Central, Wan Chai, Tsim Sha Tsui, Causeway Bay, Kowloon Bay'),
    streets: list(
      "Queen's Road Central, Nathan Road, Des Voeux Road, Hennessy Road, Connaught Road, Canton Road, Gloucester Road",
    ),
  },
  SG: {
    style: 'plain',
    towns: list('Singapore'),
    postcode: '0#####',
    streets: list(
      'Orchard Road, Robinson Road, Cecil Street, Shenton Way, Raffles Place, Anson Road, Beach Road, Tanjong Pagar Road',
    ),
  },
  IN: {
    style: 'plain',
    towns: list('Mumbai, New Delhi, Bengaluru, Chennai, Hyderabad, Kolkata, Pune, Ahmedabad'),
    postcode: '######',
  },
  SA: { style: 'plain', towns: list('Riyadh, Jeddah, Dammam'), postcode: '#####' },
  QA: { style: 'plain', towns: list('Doha, Lusail') },
  LB: { style: 'plain', towns: list('Beirut, Tripoli, Jounieh') },
  EG: { style: 'plain', towns: list('Cairo, Alexandria, Giza'), postcode: '#####' },
  SY: { style: 'plain', towns: list('Damascus, Aleppo, Latakia') },
  GR: { style: 'plain', towns: list('Athens, Thessaloniki, Piraeus, Patras'), postcode: '### ##' },
  NG: { style: 'plain', towns: list('Lagos, Abuja, Port Harcourt, Ibadan, Kano') },
  TR: { style: 'plain', towns: list('Istanbul, Ankara, İzmir, Antalya, Bursa'), postcode: '#####' },
};
