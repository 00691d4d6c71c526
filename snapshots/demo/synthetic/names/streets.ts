// Street names by language, and the building names registered agents put on offshore addresses.
import type { CultureKey } from './person-name.js';
import { list } from './list.js';

export const STREETS: Readonly<Record<CultureKey, readonly string[]>> = {
  gb: list(`High Street, Station Road, Church Lane, Victoria Road, Mill Lane, King Street, Queen Street, Park Avenue,
    London Road, Manor Road, Church Street, Green Lane, The Crescent, Albert Road, Grange Road, Kings Road,
    Springfield Road, North Street, Broadway, Chapel Street, Bridge Street, Market Street, Castle Street,
    Orchard Close, Riverside Drive, Wharf Road, Commercial Street, Old Broad Street, Great Portland Street,
    Baker Street, New Street, Warwick Road, St John's Road, Cavendish Place, Hanover Square, Regent Street`),
  us: list(`Main Street, Broadway, Park Avenue, Market Street, Elm Street, Oak Street, Maple Avenue, Washington Street,
    Lexington Avenue, Madison Avenue, Pine Street, Cedar Lane, Sunset Boulevard, Ocean Drive, Commerce Street,
    Wall Street, Pennsylvania Avenue, Michigan Avenue, Peachtree Street, Congress Avenue`),
  de: list(`Hauptstraße, Bahnhofstraße, Schillerstraße, Goethestraße, Lindenallee, Königsallee, Marktplatz,
    Friedrichstraße, Kaiserstraße, Berliner Straße, Gartenstraße, Schulstraße, Bergstraße, Mühlenweg, Am Hafen,
    Rosenweg, Industriestraße, Theodor-Heuss-Ring, Seestrasse, Bahnhofplatz, Löwenstraße, Dorfstrasse`),
  fr: list(`rue de la Paix, avenue Victor Hugo, boulevard Haussmann, rue du Faubourg Saint-Honoré, rue de Rivoli,
    avenue des Champs-Élysées, rue Lafayette, place de la République, rue de la Gare, avenue Jean Jaurès,
    boulevard Saint-Germain, rue Pasteur, rue du Commerce, quai des Bergues, avenue de la Liberté, rue Nationale`),
  es: list(`Calle Mayor, Avenida de la Constitución, Paseo de Gracia, Calle de Alcalá, Gran Vía, Calle Real,
    Avenida Insurgentes, Paseo de la Reforma, Avenida Corrientes, Calle 50, Avenida Balboa, Calle Serrano,
    Avenida Libertador, Calle de Velázquez, Rambla de Cataluña, Avenida Bolívar`),
  it: list(`Via Roma, Corso Vittorio Emanuele, Via Garibaldi, Via Dante, Via Montenapoleone, Corso Buenos Aires,
    Via del Corso, Via Mazzini, Piazza del Duomo, Via Nazionale, Via Cavour, Viale Europa`),
  pt: list(`Rua Augusta, Avenida Paulista, Rua das Flores, Avenida da Liberdade, Rua Oscar Freire, Avenida Atlântica,
    Rua do Ouro, Avenida Brigadeiro Faria Lima, Rua Direita, Praça do Comércio, Rua da Consolação, Avenida Rio Branco`),
  pl: list(`ul. Marszałkowska, al. Jerozolimskie, ul. Długa, ul. Piękna, ul. Nowy Świat, ul. Floriańska,
    ul. Piotrkowska, ul. Mickiewicza, ul. Kościuszki, ul. Słowackiego, ul. Grunwaldzka, ul. Świętokrzyska`),
  ru: list(`ulitsa Tverskaya, prospekt Mira, ulitsa Arbat, Leninskiy prospekt, Kutuzovskiy prospekt,
    naberezhnaya Tarasa Shevchenko, ulitsa Petrovka, Nevskiy prospekt, ulitsa Bolshaya Ordynka, ulitsa Ostozhenka,
    Presnenskaya naberezhnaya, ulitsa Myasnitskaya`),
  ua: list(`vulytsia Khreshchatyk, vulytsia Volodymyrska, prospekt Peremohy, vulytsia Saksahanskoho,
    vulytsia Deribasivska, prospekt Svobody, vulytsia Bankova, vulytsia Velyka Vasylkivska`),
  cn: list(`Nanjing Road, Huaihai Road, Chang'an Avenue, Jianguo Road, Century Avenue, Shennan Boulevard,
    Zhongshan Road, Renmin Road, Jiefang Road, Tianhe Road, Wensan Road, Binjiang Avenue`),
  in: list(`MG Road, Nariman Point, Linking Road, Park Street, Connaught Place, Brigade Road, Anna Salai,
    Residency Road, Bandra Kurla Complex, Barakhamba Road, Cunningham Road, Ashok Nagar`),
  ar: list(`Sheikh Zayed Road, Al Wasl Road, Jumeirah Beach Road, Corniche Road, King Fahd Road, Olaya Street,
    Hamdan Street, Al Maktoum Road, Al Khaleej Street, Tahlia Street, Hamra Street, Port Said Street`),
  gr: list(`Makariou III Avenue, Agiou Andreou, Spyrou Kyprianou Avenue, Arch. Makarios III, Leoforos Kifisias,
    Ermou, Stadiou, Vasilissis Sofias, Tsimiski, Anexartisias, Griva Digeni, Amathountos Avenue`),
  ng: list(`Adeola Odeku Street, Awolowo Road, Ozumba Mbadiwe Avenue, Broad Street, Herbert Macaulay Way,
    Aminu Kano Crescent, Ahmadu Bello Way, Ademola Adetokunbo Crescent, Allen Avenue, Marina Road`),
  tr: list(`İstiklal Caddesi, Bağdat Caddesi, Atatürk Bulvarı, Cumhuriyet Caddesi, Büyükdere Caddesi,
    Abdi İpekçi Caddesi, Halaskargazi Caddesi, Kennedy Caddesi, Barbaros Bulvarı, Tunalı Hilmi Caddesi`),
};

/** Dutch streets: the Netherlands shares the German culture key for names but not its streets. */
export const DUTCH_STREETS = list(`Herengracht, Keizersgracht, Prinsengracht, Damrak, Stationsplein, Zuidas,
  Coolsingel, Lange Voorhout, Weena, Strawinskylaan, Beursplein, Kalverstraat`);

/** Fictional registered-agent buildings; offshore addresses repeat them, as real agent addresses do. */
export const AGENT_BUILDINGS = list(`Seagrape Chambers, Mangrove House, Pelican Court, Frigate Bay Centre,
  Tamarind Plaza, Albatross House, Driftwood Chambers, Conch Shell House, Coral Reach Chambers, Windward House,
  Leeward Chambers, Harbourview Centre, Sandpiper Court, Palmetto House, Trade Wind Plaza, Lagoon Chambers`);

/** Fictional formation-agent offices in Britain (invented streets): many small companies share one of these. */
export const GB_FORMATION_OFFICES: readonly string[] = [
  'Suite 2, Larkspur House, 14 Tallow Row, London, EC2A 4ZT',
  'Office 7, 38 Cordwainer Yard, London, EC4M 7QJ',
  'Unit 3, Hartwell Chambers, 91 Pennyroyal Street, London, WC1N 3XA',
  'Floor 4, 212 Quillfeather Road, London, N1 7GQ',
  'Suite 11, Caxton Court, 6 Sallowfield Street, Birmingham, B1 3HQ',
  'Office 12, Warrender House, 116 Saltmarsh Road, Southampton, SO14 1LZ',
  'Suite 5, 9 Ropewalk Passage, Liverpool, L3 2AQ',
  'Office 1, Pennine Chambers, 71 Fustian Street, Manchester, M1 1WZ',
];
