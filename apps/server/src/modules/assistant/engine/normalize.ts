/** Lower case, accents removed (ñ kept as n), punctuation to spaces, single spaces. */
export function normalize(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * Everyday words and common misspellings mapped to the words the knowledge base uses, applied to the
 * normalised question before searching (whole words only).
 */
const REWRITES: Array<[RegExp, string]> = [
  [/\b(mica|residencia|green card|tarjeta) (que )?(es )?de (2|dos) anos\b/g, 'residencia condicional'],
  [/\bmicas\b/g, 'mica'],
  [/\b(se me )?(vencio|vencida|vencido|caduco|caducada|expiro|expirada|se me vence|se vence|va a vencer)\b/g, 'vencida'],
  [/\b(no (puedo|tengo (dinero|para)) (pagar|para pagar)|no pagar|sin pagar|no tengo dinero|exencion|fee waiver|no me alcanza( para pagar)?|no me cobren|no cobren|que me perdonen el pago|gano (muy |re )?poco|bajos ingresos)\b/g, '$& no pagar la cuota exencion de pago'],
  [/\b(negaron|denegaron|rechazaron|negacion|apelar|apelacion)\b/g, '$& apelar negaron'],
  [/\b(ir a verla|ir a verlo|ir y regresar|salir y (volver|regresar)|viajar|visitar a mi|ir a mi pais|ir a mexico)\b/g, '$& permiso de viaje salir del pais'],
  [/\b(hacerme|volverme|ser) ciudadan[oa]s?\b|\bnaturalizarme\b/g, 'hacerme ciudadano naturalizacion'],
  [/\bla migra\b|\bmigra\b/g, 'migra ice inmigracion'],
  [/\bgrin ?card\b|\bgreencard\b|\bgrin kard\b/g, 'green card'],
  [/\b(sitizen\w*|sidadania|ciudadanis|cuidadania|ciudadnia)\b/g, 'ciudadania'],
  [/\bresedencia\b|\brecidencia\b|\bresidensia\b/g, 'residencia'],
  [/\bpermiso pa trabajar\b|\bwork permit\b|\bpermiso de trabajar\b/g, 'permiso de trabajo'],
  [/\bpasaporte de viaje\b|\bpermiso de viaje\b|\badvance parole\b|\bparol(e)? adelantado\b/g, 'permiso de viaje'],
  [/\bparol\b/g, 'parole'],
  [/\brenew\b/g, 'renovar'],
  [/\breplace\b/g, 'reponer'],
  [/\b(mi )?ama\b/g, '$1mama'],
  [/\b(mi )?apa\b/g, '$1papa'],
  [/\bsin salir (del pais|de estados unidos|de aqui)\b/g, 'sinsalir'],
  [/\b(pasarme|cambiarme|cambiar|pasar) (a|de) (estudiante|visa de estudiante|otra visa)\b/g, 'cambiar de visa'],
  [/\b(me puede pedir|me pueden pedir|pedirme|me pida|me pide|me quiere pedir)\b/g, '$& peticion familiar'],
  [/\b(ya me hice|ya soy|me hice) ciudadan[oa]\b/g, 'soy ciudadano'],
  [/\b(refugiad[oa]|asilad[oa])\b(?=.{0,40}\b(ano|anos)\b)/g, '$& residencia por asilo'],
  [/\brepresent\w*\b/g, '$& me representa'],
  [/\bel perdon\b|\bperdon\b/g, 'perdon i 601a'],
  [/\bdaca\b|\bdreamers?\b|\bsonadores?\b/g, 'daca'],
  [/\btps\b/g, 'tps estatus de proteccion temporal'],
  [/\basilo\b|\basilado\b/g, 'asilo'],
  [/\bnotarios?\b|\bnotaria\b/g, 'notario'],
  [/\babogad[oa]s?\b|\blicenciad[oa]s?\b|\blic\b/g, 'abogado'],
  [/\b(venir|vengan|viene|venga)\b(?=.{0,30}\b(visita|visitar\w*|verme|vernos|pasear|graduacion|boda|vacaciones)\b)|\bvisitarme\b|\bvenir de visita\b/g, '$& visa de turista'],
  [/\bme mude\b|\bme cambie de (casa|direccion|domicilio)\b|\bnueva direccion\b|\bcambie de direccion\b|\bcambio de domicilio\b|\bme voy a mudar\b|\bmudarme\b|\bme mudo\b|\bmudarnos\b|\bnos mudamos\b|\bme voy a cambiar de (casa|estado|ciudad)\b/g, 'cambio de direccion me mude'],
  [/\b(me tengo que ir|me voy a ir|irme|estar fuera|vivir fuera|salir)\b(?=.{0,40}\b(anos|ano|meses)\b)/g, 'salir del pais permiso de reingreso'],
  [/\b((no )?pierd[oa]|sin perder|perder) (mi |la )?(mica|residencia|green card|tarjeta)\b/g, 'permiso de reingreso'],
  [/\b(pedir|dar(me)?) mas tiempo\b|\bextender\b|\bextension\b|\bprorroga\b|\bquedarme mas tiempo\b/g, 'extender mi estancia extension de visa'],
  [/\bcambiar(me)? de visa\b|\bcambio de visa\b|\bde turista a estudiante\b/g, 'cambiar de visa'],
  [/\b(pedir|pedirle|pido|pida|traer|traerme|arreglarle|arreglar a) (a )?(mi|mis) (mama|papa|papas|padres|hijo|hija|hijos|hijas|hermano|hermana|hermanos|esposo|esposa|marido|mujer)\b/g, '$& peticion familiar'],
  [/\b(se llevo|se llevaron|lo detuvo|la detuvo|los detuvieron|lo agarraron|la agarraron|lo arrestaron|la arrestaron)\b/g, '$& detenido'],
  [/\brenuevo\b|\brenueva\b|\brenovacion\b|\brenovarla\b|\brenovarlo\b|\brenovar\b/g, 'renovar'],
  [/\b(trae|tiene|viene|esta|salio) mal\b|\bequivocad[oa]\b|\berror(es)?\b/g, '$& error en mi tarjeta'],
  [/\bse me perdio\b|\bperdi\b|\bextravie\b|\bme robaron\b|\bme la robaron\b|\bdanada\b|\brota\b|\bdanado\b|\breemplazo\b|\breemplazar\b|\breponer\b/g, '$& reponer danada perdida'],
  [/\bvisa de paseo\b|\bvisa turista\b|\bvisa de visita\b/g, 'visa de turista'],
  [/\bcorte de inmigracion\b|\baudiencia\b|\bjuez\b|\bcita en corte\b|\bcita en la corte\b/g, 'corte audiencia'],
  [/\bprometid[oa]\b|\bnovi[oa]\b/g, 'prometido novio'],
];

export function rewrite(normalized: string): string {
  let text = ` ${normalized} `;
  for (const [pattern, replacement] of REWRITES) text = text.replace(pattern, replacement);
  return text.replace(/\s+/g, ' ').trim();
}

const STOP = new Set(
  'a al algo como con de del el ella ellos en era van va voy vamos ir es esa ese eso esta este esto estoy fue ha hay la las le les lo los me mi mis muy no nos o para pero por que quien se si sin sobre su sus te tengo tiene tienes tu tus un una uno unos y ya yo puedo puede puedes pueden podria podrian podemos debo debe debes hacer hago hace hacen quiero quiere necesito necesita tener cual cuales donde cuando cuanto cuanta favor hola buenas buenos dias tardes noches gracias ayuda ayudar ayudame ayudarme saber pregunta duda dudas cosa algun alguna alguien otra otro mas ser soy son estan tambien asi bien'.split(
    ' ',
  ),
);

/** A light Spanish stemmer: plural and final vowel removed, enough for matching short questions. */
export function stem(word: string): string {
  let w = word;
  if (w.length > 4 && w.endsWith('es') && !/[aeiou]es$/.test(w.slice(-3))) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s')) w = w.slice(0, -1);
  if (w.length > 4 && /[aeo]$/.test(w)) w = w.slice(0, -1);
  return w;
}

/** Search terms of a text: normalised, rewritten, without stop words, stemmed. */
export function terms(text: string): string[] {
  return rewrite(normalize(text))
    .split(' ')
    .filter((t) => t.length > 1 && !STOP.has(t))
    .map(stem);
}

/** Form numbers written in a question: "I-485", "i485", "el 485", "formulario n 400", "DS160", "AR-11". */
export function formsMentioned(text: string, known: Iterable<string>): string[] {
  const normalized = ` ${normalize(text)} `;
  const found: string[] = [];
  for (const form of known) {
    const [prefix, number] = form.toLowerCase().split('-') as [string, string];
    const pattern = new RegExp(`[ ]${prefix} ?${number}[ ]`);
    const bare = /^\d/.test(number) && ['i', 'n'].includes(prefix) ? new RegExp(`[ ](formulario|forma|el|la) ${number}[ ]`) : null;
    if (pattern.test(normalized) || bare?.test(normalized)) found.push(form);
  }
  return found;
}
